#!/usr/bin/env python3
"""Alembic-style migration: split users.full_name into first_name / last_name (dev DB)."""
import argparse
import os
import sys

import psycopg

DEFAULT_DSN = "postgresql://localhost/app_dev"

UP = [
    "ALTER TABLE users ADD COLUMN IF NOT EXISTS first_name TEXT",
    "ALTER TABLE users ADD COLUMN IF NOT EXISTS last_name TEXT",
]


def split_name(full):
    parts = (full or "").strip().split(" ", 1)
    return parts[0], parts[1] if len(parts) > 1 else ""


def upgrade(conn, batch):
    with conn.cursor() as cur:
        for stmt in UP:
            cur.execute(stmt)
        cur.execute("SELECT id, full_name FROM users WHERE first_name IS NULL")
        rows = cur.fetchall()
        for i in range(0, len(rows), batch):
            chunk = [(*split_name(full), uid) for uid, full in rows[i:i + batch]]
            cur.executemany("UPDATE users SET first_name = %s, last_name = %s WHERE id = %s", chunk)
            print(f"updated {min(i + batch, len(rows))}/{len(rows)}")
    return len(rows)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dsn", default=os.environ.get("DATABASE_URL", DEFAULT_DSN))
    ap.add_argument("--batch", type=int, default=500)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    if "localhost" not in args.dsn and "127.0.0.1" not in args.dsn:
        sys.exit("this migration helper only runs against a local database")
    with psycopg.connect(args.dsn) as conn:
        n = upgrade(conn, args.batch)
        if args.dry_run:
            conn.rollback()
            print(f"dry run: {n} rows would change")
        else:
            conn.commit()
            print(f"migrated {n} rows")


if __name__ == "__main__":
    main()
