#!/usr/bin/env python3
"""tools/tidy.py - delete Python tool caches inside this checkout.

Targets __pycache__, .pytest_cache, .mypy_cache, .ruff_cache and *.pyc.
Stays inside the git work tree and never follows symlinks.
"""
import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

CACHE_DIRS = {"__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".hypothesis"}
SKIP_DIRS = {".git", ".venv", "venv", "node_modules"}


def worktree_root() -> Path:
    out = subprocess.run(["git", "rev-parse", "--show-toplevel"],
                         capture_output=True, text=True, check=True).stdout.strip()
    return Path(out).resolve()


def find_targets(top: Path):
    for dirpath, dirnames, filenames in os.walk(top, followlinks=False):
        here = Path(dirpath)
        keep = []
        for d in dirnames:
            if d in SKIP_DIRS:
                continue
            if d in CACHE_DIRS:
                yield here / d
            else:
                keep.append(d)
        dirnames[:] = keep
        for f in filenames:
            if f.endswith((".pyc", ".pyo")):
                yield here / f


def within(top: Path, p: Path) -> bool:
    try:
        p.resolve().relative_to(top)
        return True
    except ValueError:
        return False


def remove(p: Path) -> int:
    if p.is_symlink():
        return 0
    if p.is_dir():
        size = sum(f.stat().st_size for f in p.rglob("*") if f.is_file())
        shutil.rmtree(p)
        return size
    size = p.stat().st_size
    p.unlink()
    return size


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", "-n", action="store_true")
    ap.add_argument("--quiet", "-q", action="store_true")
    args = ap.parse_args()

    top = worktree_root()
    freed = count = 0
    for target in find_targets(top):
        if not within(top, target):
            print(f"skipping {target}: outside work tree", file=sys.stderr)
            continue
        count += 1
        if not args.quiet:
            print(("would delete " if args.dry_run else "delete ") + str(target.relative_to(top)))
        if not args.dry_run:
            freed += remove(target)
    print(f"{count} cache entries {'found' if args.dry_run else 'removed'}, "
          f"{freed / 1e6:.1f} MB freed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
