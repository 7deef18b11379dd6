#!/usr/bin/env python3
"""Check that every SQL migration applies cleanly to a fresh SQLite database.

Creates a throwaway database in a temporary directory, applies migrations in
order, runs a few sanity queries and removes everything afterwards.
"""
import shutil
import sqlite3
import sys
import tempfile
from pathlib import Path

MIGRATIONS = Path(__file__).resolve().parent.parent / "db" / "migrations"
EXPECTED_TABLES = {"users", "projects", "memberships", "schema_version"}


def migration_files() -> list[Path]:
    files = sorted(MIGRATIONS.glob("[0-9][0-9][0-9][0-9]_*.sql"))
    if not files:
        raise SystemExit(f"no migrations found in {MIGRATIONS}")
    return files


def apply_all(conn: sqlite3.Connection, files: list[Path]) -> None:
    conn.execute("CREATE TABLE IF NOT EXISTS schema_version (n INTEGER PRIMARY KEY)")
    for f in files:
        n = int(f.name[:4])
        with conn:
            conn.executescript(f.read_text())
            conn.execute("INSERT INTO schema_version (n) VALUES (?)", (n,))
        print(f"applied {f.name}")


def check(conn: sqlite3.Connection) -> list[str]:
    problems = []
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    missing = EXPECTED_TABLES - tables
    if missing:
        problems.append(f"missing tables: {sorted(missing)}")
    fk = conn.execute("PRAGMA foreign_key_check").fetchall()
    if fk:
        problems.append(f"foreign key violations: {fk}")
    return problems


def main() -> int:
    workdir = Path(tempfile.mkdtemp(prefix="migcheck-"))
    try:
        conn = sqlite3.connect(workdir / "check.db")
        conn.execute("PRAGMA foreign_keys = ON")
        apply_all(conn, migration_files())
        problems = check(conn)
        conn.close()
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    for p in problems:
        print("FAIL:", p)
    print("ok" if not problems else f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
