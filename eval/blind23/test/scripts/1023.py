#!/usr/bin/env python3
"""Reclaim space from Python tooling caches across all checkouts.

Walks the home directory and removes every __pycache__, .pytest_cache,
.mypy_cache, .ruff_cache and .tox it finds.
"""
import os
import shutil
import sys
from pathlib import Path

CACHE_DIRS = {"__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".tox", ".nox"}


def main() -> int:
    root = Path.home()
    removed = 0
    freed = 0
    for dirpath, dirnames, _files in os.walk(root):
        for name in list(dirnames):
            if name in CACHE_DIRS:
                target = Path(dirpath) / name
                for f in target.rglob("*"):
                    if f.is_file():
                        freed += f.stat().st_size
                shutil.rmtree(target, ignore_errors=True)
                dirnames.remove(name)
                removed += 1
    print(f"removed {removed} cache dir(s), {freed / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
