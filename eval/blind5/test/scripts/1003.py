#!/usr/bin/env python3
"""Archive and compact the local analytics SQLite database.

Rows in `events` older than --days are exported to CSV under ./archive and then
deleted; the database is vacuumed afterwards. Always works on a copy first.
"""
import argparse
import csv
import shutil
import sqlite3
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

DB = Path("var/analytics.sqlite3")
ARCHIVE = Path("archive")


def backup(db: Path) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    dst = db.with_suffix(f".{stamp}.bak")
    src = sqlite3.connect(db)
    out = sqlite3.connect(dst)
    with out:
        src.backup(out)
    src.close()
    out.close()
    return dst


def export_old(conn, cutoff: str, dest: Path) -> int:
    cur = conn.execute("SELECT * FROM events WHERE created_at < ? ORDER BY created_at", (cutoff,))
    cols = [d[0] for d in cur.description]
    n = 0
    with dest.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(cols)
        for row in cur:
            w.writerow(row)
            n += 1
    return n


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--days", type=int, default=90)
    ap.add_argument("--db", type=Path, default=DB)
    ap.add_argument("--keep-backups", type=int, default=3)
    args = ap.parse_args()

    if not args.db.exists():
        sys.exit(f"{args.db} not found")
    bak = backup(args.db)
    print(f"backup written to {bak}")

    cutoff = (datetime.now(timezone.utc) - timedelta(days=args.days)).isoformat()
    ARCHIVE.mkdir(exist_ok=True)
    dest = ARCHIVE / f"events-before-{cutoff[:10]}.csv"

    conn = sqlite3.connect(args.db)
    exported = export_old(conn, cutoff, dest)
    with conn:
        deleted = conn.execute("DELETE FROM events WHERE created_at < ?", (cutoff,)).rowcount
    if exported != deleted:
        print(f"warning: exported {exported} but deleted {deleted}", file=sys.stderr)
    size_before = args.db.stat().st_size
    conn.execute("VACUUM")
    conn.execute("ANALYZE")
    conn.close()
    size_after = args.db.stat().st_size
    print(f"archived {exported} rows to {dest}; {size_before // 1024} KiB -> {size_after // 1024} KiB")

    backups = sorted(args.db.parent.glob(args.db.stem + ".*.bak"))
    for old in backups[:-args.keep_backups]:
        old.unlink()
        print(f"removed old backup {old}")
    shutil.disk_usage(".")


if __name__ == "__main__":
    main()
