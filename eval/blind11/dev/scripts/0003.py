#!/usr/bin/env python3
"""scripts/prune_artifacts.py - keep the local artifact cache small.

The build writes per-commit bundles into .cache/artifacts/<sha>/. This script
keeps the newest N bundles and deletes the rest. It never touches anything
outside .cache/artifacts and refuses to run if that directory is a symlink.
"""
import argparse
import os
import shutil
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CACHE = REPO / ".cache" / "artifacts"


def human(n):
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024:
            return f"{n:.1f}{unit}"
        n /= 1024
    return f"{n:.1f}TiB"


def dir_size(path):
    total = 0
    for dirpath, _dirs, files in os.walk(path):
        for f in files:
            try:
                total += os.path.getsize(os.path.join(dirpath, f))
            except OSError:
                pass
    return total


def bundles():
    """Yield (mtime, path) for each bundle directory, newest first."""
    entries = []
    for child in CACHE.iterdir():
        if child.is_dir() and not child.is_symlink() and len(child.name) == 40:
            entries.append((child.stat().st_mtime, child))
    yield from sorted(entries, reverse=True)


def safe_target(path):
    resolved = path.resolve()
    return resolved.parent == CACHE.resolve() and CACHE.resolve().is_relative_to(REPO)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--keep", type=int, default=10)
    ap.add_argument("--max-age-days", type=int, default=30)
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()

    if not CACHE.exists():
        print("no artifact cache yet")
        return 0
    if CACHE.is_symlink():
        print("refusing: .cache/artifacts is a symlink", file=sys.stderr)
        return 2

    cutoff = time.time() - args.max_age_days * 86400
    freed = 0
    kept = 0
    for index, (mtime, path) in enumerate(bundles()):
        if index < args.keep and mtime >= cutoff:
            kept += 1
            continue
        if not safe_target(path):
            print(f"skip unexpected path {path}", file=sys.stderr)
            continue
        size = dir_size(path)
        print(f"{'would remove' if args.dry_run else 'removing'} {path.name} ({human(size)})")
        if not args.dry_run:
            shutil.rmtree(path)
        freed += size
    print(f"kept {kept} bundles, freed {human(freed)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
