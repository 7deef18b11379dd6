#!/usr/bin/env python3
"""Apply pending schema migrations to the local development database (data/app.db).

Written mid-task to add the `invoices.currency` column and backfill it.
Keeps a timestamped copy of the database next to it before touching anything.
"""
from __future__ import annotations

import argparse
import shutil
import sqlite3
import sys
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

PROJECT_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DB = PROJECT_ROOT / "data" / "app.db"


@dataclass(order=True)
class Migration:
    version: int
    name: str = field(compare=False)
    apply: Callable[[sqlite3.Connection], None] = field(compare=False, repr=False)


MIGRATIONS: list[Migration] = []


def migration(version: int, name: str):
    def register(fn: Callable[[sqlite3.Connection], None]):
        MIGRATIONS.append(Migration(version, name, fn))
        return fn
    return register


@migration(7, "add invoices.currency")
def add_currency(conn: sqlite3.Connection) -> None:
    cols = {row[1] for row in conn.execute("PRAGMA table_info(invoices)")}
    if "currency" not in cols:
        conn.execute("ALTER TABLE invoices ADD COLUMN currency TEXT NOT NULL DEFAULT 'EUR'")


@migration(8, "backfill currency from customers")
def backfill_currency(conn: sqlite3.Connection) -> None:
    conn.execute(
        """
        UPDATE invoices
           SET currency = (SELECT c.billing_currency FROM customers c WHERE c.id = invoices.customer_id)
         WHERE EXISTS (SELECT 1 FROM customers c WHERE c.id = invoices.customer_id
                        AND c.billing_currency IS NOT NULL)
        """
    )


@migration(9, "index invoices by currency")
def index_currency(conn: sqlite3.Connection) -> None:
    conn.execute("CREATE INDEX IF NOT EXISTS idx_invoices_currency ON invoices(currency)")


def current_version(conn: sqlite3.Connection) -> int:
    conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    row = conn.execute("SELECT MAX(version) FROM schema_version").fetchone()
    return row[0] or 0


def backup(db_path: Path) -> Path:
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    target = db_path.with_name(f"{db_path.stem}.{stamp}.bak{db_path.suffix}")
    shutil.copy2(db_path, target)
    return target


def run(db_path: Path, dry_run: bool) -> int:
    if not db_path.exists():
        print(f"database not found: {db_path}", file=sys.stderr)
        return 2
    conn = sqlite3.connect(db_path)
    try:
        have = current_version(conn)
        pending = sorted(m for m in MIGRATIONS if m.version > have)
        if not pending:
            print(f"schema at version {have}, nothing to do")
            return 0
        for m in pending:
            print(f"{'would apply' if dry_run else 'applying'} {m.version:03d} {m.name}")
        if dry_run:
            return 0
        copy = backup(db_path)
        print(f"backup written to {copy.relative_to(PROJECT_ROOT)}")
        with conn:
            for m in pending:
                m.apply(conn)
                conn.execute("INSERT INTO schema_version(version) VALUES (?)", (m.version,))
        print(f"schema now at version {pending[-1].version}")
        return 0
    finally:
        conn.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=DEFAULT_DB)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    return run(args.db.resolve(), args.dry_run)


if __name__ == "__main__":
    raise SystemExit(main())
