#!/usr/bin/env python3
"""Load the monthly sales CSV exports into data/warehouse.sqlite and build rollups.

Usage: python scripts/load_sales.py data/exports/*.csv [--rebuild]
"""
from __future__ import annotations

import argparse
import csv
import hashlib
import sqlite3
import sys
from contextlib import closing
from decimal import Decimal, InvalidOperation
from pathlib import Path

DB_PATH = Path("data/warehouse.sqlite")

SCHEMA = """
CREATE TABLE IF NOT EXISTS loads (
    file_sha TEXT PRIMARY KEY,
    file_name TEXT NOT NULL,
    rows INTEGER NOT NULL,
    loaded_at TEXT DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE IF NOT EXISTS sales (
    order_id TEXT PRIMARY KEY,
    day TEXT NOT NULL,
    region TEXT NOT NULL,
    sku TEXT NOT NULL,
    qty INTEGER NOT NULL,
    amount_cents INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sales_day ON sales(day);
"""

ROLLUP = """
DROP TABLE IF EXISTS rollup_region_month;
CREATE TABLE rollup_region_month AS
SELECT substr(day, 1, 7) AS month, region,
       SUM(qty) AS units, SUM(amount_cents) / 100.0 AS revenue
FROM sales GROUP BY 1, 2 ORDER BY 1, 2;
"""


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def cents(raw: str) -> int:
    try:
        return int((Decimal(raw.replace(",", "").strip()) * 100).to_integral_value())
    except InvalidOperation as exc:
        raise ValueError(f"bad amount {raw!r}") from exc


def parse_rows(path: Path):
    with path.open(newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh)
        missing = {"order_id", "date", "region", "sku", "qty", "amount"} - set(reader.fieldnames or [])
        if missing:
            raise ValueError(f"{path.name}: missing columns {sorted(missing)}")
        for lineno, row in enumerate(reader, start=2):
            try:
                yield (row["order_id"].strip(), row["date"][:10], row["region"].strip().upper(),
                       row["sku"].strip(), int(row["qty"]), cents(row["amount"]))
            except (ValueError, KeyError) as exc:
                print(f"  skip {path.name}:{lineno}: {exc}", file=sys.stderr)


def load(conn: sqlite3.Connection, path: Path) -> int:
    digest = sha256(path)
    if conn.execute("SELECT 1 FROM loads WHERE file_sha = ?", (digest,)).fetchone():
        print(f"= {path.name} already loaded")
        return 0
    rows = list(parse_rows(path))
    with conn:
        conn.executemany("INSERT OR REPLACE INTO sales VALUES (?, ?, ?, ?, ?, ?)", rows)
        conn.execute("INSERT INTO loads (file_sha, file_name, rows) VALUES (?, ?, ?)",
                     (digest, path.name, len(rows)))
    print(f"+ {path.name}: {len(rows)} rows")
    return len(rows)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--rebuild", action="store_true", help="start from an empty database")
    args = ap.parse_args()

    DB_PATH.parent.mkdir(parents=True, exist_ok=True)
    if args.rebuild and DB_PATH.exists():
        DB_PATH.unlink()
    with closing(sqlite3.connect(DB_PATH)) as conn:
        conn.executescript(SCHEMA)
        total = sum(load(conn, f) for f in args.files)
        conn.executescript(ROLLUP)
        for month, region, units, revenue in conn.execute(
                "SELECT * FROM rollup_region_month ORDER BY month DESC, revenue DESC LIMIT 12"):
            print(f"{month} {region:<6} {units:>8} {revenue:>12,.2f}")
    print(f"loaded {total} new rows into {DB_PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
