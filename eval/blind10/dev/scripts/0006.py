#!/usr/bin/env python3
"""Apply SQL migrations from db/migrations to the local development database.

Migrations are numbered files (0001_init.sql, 0002_orders.sql ...). Applied
ones are tracked in a schema_migrations table. Refuses to run against any
database file outside the project's var/ directory.
"""
import argparse
import hashlib
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MIGRATIONS = ROOT / "db" / "migrations"
DEFAULT_DB = ROOT / "var" / "dev.sqlite3"


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    path: Path

    @property
    def checksum(self) -> str:
        return hashlib.sha1(self.path.read_bytes()).hexdigest()


def discover() -> list[Migration]:
    found = []
    for path in sorted(MIGRATIONS.glob("*.sql")):
        head, _, rest = path.stem.partition("_")
        if not head.isdigit():
            print(f"skipping {path.name}: no numeric prefix", file=sys.stderr)
            continue
        found.append(Migration(int(head), rest, path))
    return found


def connect(db_path: Path) -> sqlite3.Connection:
    resolved = db_path.resolve()
    if (ROOT / "var").resolve() not in resolved.parents:
        raise SystemExit(f"refusing to migrate {resolved}: not under var/")
    resolved.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(resolved)
    conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " version INTEGER PRIMARY KEY, name TEXT, checksum TEXT,"
        " applied_at TEXT DEFAULT CURRENT_TIMESTAMP)"
    )
    return conn


def applied(conn: sqlite3.Connection) -> dict[int, str]:
    rows = conn.execute("SELECT version, checksum FROM schema_migrations").fetchall()
    return {v: c for v, c in rows}


def migrate(conn: sqlite3.Connection, target: int | None, dry_run: bool) -> int:
    done = applied(conn)
    count = 0
    for mig in discover():
        if target is not None and mig.version > target:
            break
        if mig.version in done:
            if done[mig.version] != mig.checksum:
                print(f"warning: {mig.path.name} changed after being applied")
            continue
        print(f"applying {mig.path.name}")
        if dry_run:
            continue
        with conn:
            conn.executescript(mig.path.read_text(encoding="utf-8"))
            conn.execute(
                "INSERT INTO schema_migrations(version, name, checksum) VALUES (?, ?, ?)",
                (mig.version, mig.name, mig.checksum),
            )
        count += 1
    return count


def status(conn: sqlite3.Connection) -> None:
    done = applied(conn)
    for mig in discover():
        mark = "x" if mig.version in done else " "
        print(f"[{mark}] {mig.version:04d} {mig.name}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("command", choices=["up", "status"])
    ap.add_argument("--db", type=Path, default=DEFAULT_DB)
    ap.add_argument("--to", type=int)
    ap.add_argument("--dry-run", action="store_true")
    ns = ap.parse_args()
    conn = connect(ns.db)
    try:
        if ns.command == "status":
            status(conn)
        else:
            n = migrate(conn, ns.to, ns.dry_run)
            print(f"{n} migration(s) applied")
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
