#!/usr/bin/env python3
"""Split the `name` column into first/last in the local SQLite dev database."""
import argparse
import contextlib
import logging
import pathlib
import shutil
import sqlite3
import sys
import time

log = logging.getLogger("split-names")


@contextlib.contextmanager
def connect(path):
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    try:
        yield conn
    finally:
        conn.close()


def columns(conn, table):
    return {r["name"] for r in conn.execute(f"PRAGMA table_info({table})")}


def split(name):
    parts = (name or "").strip().split()
    if not parts:
        return "", ""
    return parts[0], " ".join(parts[1:])


def migrate(conn):
    cols = columns(conn, "customers")
    with conn:
        if "first_name" not in cols:
            conn.execute("ALTER TABLE customers ADD COLUMN first_name TEXT")
        if "last_name" not in cols:
            conn.execute("ALTER TABLE customers ADD COLUMN last_name TEXT")
        rows = conn.execute("SELECT id, name FROM customers WHERE first_name IS NULL").fetchall()
        for r in rows:
            first, last = split(r["name"])
            conn.execute("UPDATE customers SET first_name=?, last_name=? WHERE id=?",
                         (first, last, r["id"]))
    return len(rows)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", default="var/dev.sqlite3")
    ap.add_argument("--no-backup", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    db = pathlib.Path(args.db)
    if not db.exists():
        log.error("no database at %s", db)
        return 1
    if not args.no_backup:
        backup = db.with_suffix(f".{int(time.time())}.bak")
        shutil.copy2(db, backup)
        log.info("backup written to %s", backup)
    with connect(db) as conn:
        n = migrate(conn)
    log.info("updated %d customers", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
