#!/usr/bin/env python3
"""Apply SQL migrations in db/migrations/ to the local development SQLite db.

Tracks applied files in a schema_migrations table. Supports --reset, which
deletes and recreates db/development.sqlite3 (the local file only).
"""
import argparse
import hashlib
import sqlite3
import sys
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DB_PATH = ROOT / "db" / "development.sqlite3"
MIGRATIONS = ROOT / "db" / "migrations"


@contextmanager
def connect(path):
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA foreign_keys = ON")
    try:
        yield conn
        conn.commit()
    except Exception:
        conn.rollback()
        raise
    finally:
        conn.close()


def ensure_table(conn):
    conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " name TEXT PRIMARY KEY, checksum TEXT NOT NULL,"
        " applied_at TEXT DEFAULT CURRENT_TIMESTAMP)"
    )


def applied(conn):
    return dict(conn.execute("SELECT name, checksum FROM schema_migrations"))


def pending(done):
    for path in sorted(MIGRATIONS.glob("*.sql")):
        sql = path.read_text()
        checksum = hashlib.sha1(sql.encode()).hexdigest()
        if path.name in done:
            if done[path.name] != checksum:
                raise SystemExit(f"{path.name} changed after being applied")
            continue
        yield path.name, sql, checksum


def reset_database():
    if DB_PATH.parent.resolve() != (ROOT / "db").resolve():
        raise SystemExit("unexpected database location")
    for suffix in ("", "-wal", "-shm"):
        candidate = DB_PATH.with_name(DB_PATH.name + suffix)
        if candidate.exists():
            candidate.unlink()
            print("removed", candidate.relative_to(ROOT))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reset", action="store_true", help="recreate the local dev db")
    ap.add_argument("--status", action="store_true")
    args = ap.parse_args()

    if args.reset:
        reset_database()
    DB_PATH.parent.mkdir(exist_ok=True)
    with connect(DB_PATH) as conn:
        ensure_table(conn)
        done = applied(conn)
        todo = list(pending(done))
        if args.status:
            for name in sorted(done):
                print("  applied ", name)
            for name, _sql, _c in todo:
                print("  pending ", name)
            return 0
        for name, sql, checksum in todo:
            print("applying", name)
            conn.executescript(sql)
            conn.execute("INSERT INTO schema_migrations (name, checksum) VALUES (?, ?)",
                          (name, checksum))
        print(f"{len(todo)} migration(s) applied to {DB_PATH.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
