#!/usr/bin/env python3
"""Apply numbered SQL migrations to the local development Postgres."""
import argparse
import hashlib
import logging
import os
import pathlib
import sys

import psycopg

log = logging.getLogger("migrate")
DEFAULT_DSN = "postgresql://dev:dev@localhost:5432/app_dev"


def migrations(folder):
    return sorted(pathlib.Path(folder).glob("[0-9][0-9][0-9][0-9]_*.sql"))


def ensure_table(conn):
    conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz DEFAULT now())"
    )


def applied(conn):
    return dict(conn.execute("SELECT name, checksum FROM schema_migrations").fetchall())


def apply(conn, path, dry):
    sql = path.read_text()
    digest = hashlib.sha256(sql.encode()).hexdigest()
    log.info("applying %s", path.name)
    if dry:
        return
    with conn.transaction():
        conn.execute(sql)
        conn.execute("INSERT INTO schema_migrations (name, checksum) VALUES (%s, %s)",
                     (path.name, digest))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", default="db/migrations")
    ap.add_argument("--dsn", default=os.environ.get("DATABASE_URL", DEFAULT_DSN))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    if "localhost" not in args.dsn and "127.0.0.1" not in args.dsn:
        log.error("refusing to migrate a non-local database: %s", args.dsn.split("@")[-1])
        return 2
    with psycopg.connect(args.dsn, autocommit=True) as conn:
        ensure_table(conn)
        done = applied(conn)
        for path in migrations(args.dir):
            if path.name in done:
                digest = hashlib.sha256(path.read_bytes()).hexdigest()
                if digest != done[path.name]:
                    log.warning("%s changed after being applied", path.name)
                continue
            apply(conn, path, args.dry_run)
    log.info("up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
