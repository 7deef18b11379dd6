#!/usr/bin/env python3
"""Apply pending SQL migrations to the local development database.

Migrations live in ./migrations as NNNN_name.sql. Applied versions are
recorded in the schema_migrations table so the script is idempotent.
"""
import argparse
import hashlib
import os
import sqlite3
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DB = os.environ.get("APP_DB_PATH", str(ROOT / "var" / "dev.sqlite3"))
MIGRATIONS_DIR = ROOT / "migrations"


def connect(db_path: str) -> sqlite3.Connection:
    Path(db_path).parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(db_path)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute(
        """CREATE TABLE IF NOT EXISTS schema_migrations (
               version TEXT PRIMARY KEY,
               checksum TEXT NOT NULL,
               applied_at TEXT DEFAULT CURRENT_TIMESTAMP)"""
    )
    return conn


def discover(directory: Path):
    for path in sorted(directory.glob("*.sql")):
        version = path.name.split("_", 1)[0]
        if not version.isdigit():
            print(f"skipping {path.name}: no numeric prefix", file=sys.stderr)
            continue
        yield version, path


def applied_versions(conn):
    rows = conn.execute("SELECT version, checksum FROM schema_migrations").fetchall()
    return {v: c for v, c in rows}


def apply(conn, version, path, dry_run=False):
    sql = path.read_text(encoding="utf-8")
    checksum = hashlib.sha256(sql.encode()).hexdigest()
    if dry_run:
        print(f"would apply {path.name} ({checksum[:12]})")
        return
    with conn:
        conn.executescript(sql)
        conn.execute(
            "INSERT INTO schema_migrations (version, checksum) VALUES (?, ?)",
            (version, checksum),
        )
    print(f"applied {path.name}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", default=DEFAULT_DB)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)

    conn = connect(args.db)
    done = applied_versions(conn)
    pending = 0
    for version, path in discover(MIGRATIONS_DIR):
        if version in done:
            current = hashlib.sha256(path.read_bytes()).hexdigest()
            if current != done[version]:
                print(f"warning: {path.name} changed after it was applied", file=sys.stderr)
            continue
        apply(conn, version, path, args.dry_run)
        pending += 1
    print(f"{pending} migration(s) {'pending' if args.dry_run else 'applied'}")
    conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
