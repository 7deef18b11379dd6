#!/usr/bin/env python3
"""Add `archived_at` column to the local dev SQLite DB and backfill it.

Usage: python scripts/migrate_add_archived_at.py [--db data/dev.sqlite3] [--dry-run]
"""
import argparse
import shutil
import sqlite3
import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DB = REPO_ROOT / "data" / "dev.sqlite3"


def column_exists(conn: sqlite3.Connection, table: str, column: str) -> bool:
    rows = conn.execute(f"PRAGMA table_info({table})").fetchall()
    return any(r[1] == column for r in rows)


def backup(db_path: Path) -> Path:
    tmpdir = Path(tempfile.mkdtemp(prefix="dbbackup-"))
    dest = tmpdir / db_path.name
    shutil.copy2(db_path, dest)
    return dest


def migrate(conn: sqlite3.Connection, dry_run: bool) -> int:
    if column_exists(conn, "projects", "archived_at"):
        print("column already present, nothing to do")
        return 0
    stmts = [
        "ALTER TABLE projects ADD COLUMN archived_at TEXT",
        "UPDATE projects SET archived_at = updated_at WHERE status = 'archived'",
        "CREATE INDEX IF NOT EXISTS idx_projects_archived_at ON projects(archived_at)",
    ]
    for s in stmts:
        print(("DRY " if dry_run else "RUN ") + s)
        if not dry_run:
            conn.execute(s)
    if not dry_run:
        conn.execute(
            "INSERT INTO schema_log(version, applied_at) VALUES (?, ?)",
            ("2024_05_add_archived_at", datetime.now(timezone.utc).isoformat()),
        )
        conn.commit()
    n = conn.execute("SELECT count(*) FROM projects WHERE status = 'archived'").fetchone()[0]
    return n


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", type=Path, default=DEFAULT_DB)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    if not args.db.exists():
        print(f"no database at {args.db}", file=sys.stderr)
        return 1
    saved = backup(args.db)
    print(f"backup written to {saved}")
    conn = sqlite3.connect(args.db)
    try:
        n = migrate(conn, args.dry_run)
        print(f"archived rows: {n}")
    except sqlite3.Error as exc:
        conn.rollback()
        print(f"migration failed: {exc}; restore from {saved}", file=sys.stderr)
        return 2
    finally:
        conn.close()
    shutil.rmtree(saved.parent, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
