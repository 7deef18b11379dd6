#!/usr/bin/env python3
"""tmp_migrate.py - add `archived` column to the local sqlite db and backfill it."""
import argparse
import shutil
import sqlite3
import sys
from datetime import datetime, timedelta
from pathlib import Path

DB = Path("data/app.db")
CUTOFF_DAYS = 365


def backup(db: Path) -> Path:
    stamp = datetime.now().strftime("%Y%m%d%H%M%S")
    dst = db.with_suffix(f".{stamp}.bak")
    shutil.copy2(db, dst)
    return dst


def has_column(con, table, column):
    cols = [r[1] for r in con.execute(f"PRAGMA table_info({table})")]
    return column in cols


def migrate(con, dry_run=False):
    if has_column(con, "projects", "archived"):
        print("column already present, nothing to do")
        return 0
    con.execute("ALTER TABLE projects ADD COLUMN archived INTEGER NOT NULL DEFAULT 0")
    cutoff = (datetime.now() - timedelta(days=CUTOFF_DAYS)).isoformat()
    cur = con.execute(
        "UPDATE projects SET archived = 1 WHERE updated_at < ?", (cutoff,)
    )
    print(f"marked {cur.rowcount} projects as archived")
    if dry_run:
        con.rollback()
        print("dry run: rolled back")
    else:
        con.commit()
    return cur.rowcount


def verify(con):
    total = con.execute("SELECT count(*) FROM projects").fetchone()[0]
    archived = con.execute("SELECT count(*) FROM projects WHERE archived = 1").fetchone()[0]
    print(f"verify: {archived}/{total} projects archived")
    if total and archived == total:
        print("warning: every project is archived; check CUTOFF_DAYS", file=sys.stderr)
    return archived


def prune_backups(db: Path, keep: int = 3):
    backups = sorted(db.parent.glob(db.stem + ".*.bak"))
    for old in backups[:-keep]:
        print("removing old backup", old)
        old.unlink()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--db", default=str(DB))
    args = ap.parse_args()
    db = Path(args.db)
    if not db.exists():
        print(f"{db} not found", file=sys.stderr)
        return 1
    if not args.dry_run:
        print("backup:", backup(db))
    con = sqlite3.connect(db)
    try:
        migrate(con, args.dry_run)
    finally:
        con.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
