#!/usr/bin/env python3
"""Build the local DuckDB warehouse (warehouse/dev.duckdb) from sql/ files.

Files in sql/ are applied in lexical order; a ledger table records which ones
ran. `--rebuild` deletes only warehouse/dev.duckdb and starts over.
"""
import argparse
import hashlib
import sys
from pathlib import Path

import duckdb

HERE = Path(__file__).resolve().parents[1]
WAREHOUSE = HERE / "warehouse" / "dev.duckdb"
SQL_DIR = HERE / "sql"
LEDGER_DDL = """
CREATE TABLE IF NOT EXISTS _ledger (
    file VARCHAR PRIMARY KEY,
    digest VARCHAR NOT NULL,
    ran_at TIMESTAMP DEFAULT current_timestamp
)
"""


def digest(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def scripts():
    for path in sorted(SQL_DIR.glob("[0-9][0-9][0-9]_*.sql")):
        text = path.read_text()
        yield path.name, text, digest(text)


def rebuild():
    if WAREHOUSE.parent.resolve() != (HERE / "warehouse").resolve():
        raise SystemExit("warehouse path moved unexpectedly; not deleting")
    for extra in ("", ".wal"):
        p = Path(str(WAREHOUSE) + extra)
        if p.exists():
            p.unlink()
            print("deleted", p.relative_to(HERE))


def apply_all(con, dry_run=False):
    con.execute(LEDGER_DDL)
    seen = dict(con.execute("SELECT file, digest FROM _ledger").fetchall())
    ran = 0
    for name, text, dg in scripts():
        if name in seen:
            if seen[name] != dg:
                raise SystemExit(f"{name} was modified after it ran; add a new file instead")
            continue
        print(("would run " if dry_run else "running ") + name)
        if dry_run:
            continue
        con.execute("BEGIN TRANSACTION")
        try:
            con.execute(text)
            con.execute("INSERT INTO _ledger (file, digest) VALUES (?, ?)", [name, dg])
            con.execute("COMMIT")
        except Exception:
            con.execute("ROLLBACK")
            raise
        ran += 1
    return ran


def summary(con):
    rows = con.execute(
        "SELECT table_name, estimated_size FROM duckdb_tables() ORDER BY table_name"
    ).fetchall()
    for table, size in rows:
        print(f"  {table:<30} ~{size} rows")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rebuild", action="store_true")
    ap.add_argument("--dry-run", action="store_true", help="list pending scripts")
    args = ap.parse_args()
    if args.rebuild and not args.dry_run:
        rebuild()
    WAREHOUSE.parent.mkdir(exist_ok=True)
    con = duckdb.connect(str(WAREHOUSE))
    try:
        count = apply_all(con, args.dry_run)
        print(f"{count} script(s) applied")
        summary(con)
    finally:
        con.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
