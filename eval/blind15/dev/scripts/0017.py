#!/usr/bin/env python3
"""Tiny migration runner for the SQLite-backed edge cache service.

Migrations live in src/edgecache/migrations/ as modules named
m0001_create_entries.py, m0002_add_ttl.py, ... Each exposes up(conn) and
down(conn). The runner imports them dynamically (they are the project's own
modules), records applied ids in a schema_migrations table and supports
upgrade / downgrade by N steps / status.
"""
from __future__ import annotations

import argparse
import importlib
import pkgutil
import re
import sqlite3
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

PACKAGE = "edgecache.migrations"
NAME_RE = re.compile(r"^m(?P<id>\d{4})_(?P<slug>[a-z0-9_]+)$")
DEFAULT_DB = ROOT / "var" / "edgecache.sqlite3"


@dataclass(order=True)
class Migration:
    ident: int
    name: str
    module: ModuleType

    def up(self, conn: sqlite3.Connection) -> None:
        self.module.up(conn)

    def down(self, conn: sqlite3.Connection) -> None:
        if not hasattr(self.module, "down"):
            raise RuntimeError(f"{self.name} has no down()")
        self.module.down(conn)


def discover() -> list[Migration]:
    pkg = importlib.import_module(PACKAGE)
    found = []
    for info in pkgutil.iter_modules(pkg.__path__):
        m = NAME_RE.match(info.name)
        if not m:
            continue
        module = importlib.import_module(f"{PACKAGE}.{info.name}")
        if not callable(getattr(module, "up", None)):
            raise RuntimeError(f"{info.name} lacks up(conn)")
        found.append(Migration(int(m.group("id")), info.name, module))
    found.sort()
    ids = [m.ident for m in found]
    if len(ids) != len(set(ids)):
        raise RuntimeError(f"duplicate migration ids: {ids}")
    return found


def connect(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at REAL NOT NULL)"
    )
    return conn


def applied_ids(conn: sqlite3.Connection) -> set[int]:
    return {row[0] for row in conn.execute("SELECT id FROM schema_migrations")}


def upgrade(conn: sqlite3.Connection, migrations: list[Migration], target: int | None) -> int:
    done = applied_ids(conn)
    count = 0
    for mig in migrations:
        if mig.ident in done:
            continue
        if target is not None and mig.ident > target:
            break
        started = time.perf_counter()
        conn.execute("BEGIN")
        try:
            mig.up(conn)
            conn.execute("INSERT INTO schema_migrations VALUES (?, ?, ?)",
                         (mig.ident, mig.name, time.time()))
            conn.execute("COMMIT")
        except Exception:
            conn.execute("ROLLBACK")
            raise
        count += 1
        print(f"  applied {mig.name} in {(time.perf_counter() - started) * 1000:.1f} ms")
    return count


def downgrade(conn: sqlite3.Connection, migrations: list[Migration], steps: int) -> int:
    done = applied_ids(conn)
    applied = [m for m in migrations if m.ident in done]
    count = 0
    for mig in reversed(applied[-steps:] if steps else []):
        conn.execute("BEGIN")
        try:
            mig.down(conn)
            conn.execute("DELETE FROM schema_migrations WHERE id = ?", (mig.ident,))
            conn.execute("COMMIT")
        except Exception:
            conn.execute("ROLLBACK")
            raise
        count += 1
        print(f"  reverted {mig.name}")
    return count


def status(conn: sqlite3.Connection, migrations: list[Migration]) -> None:
    done = applied_ids(conn)
    for mig in migrations:
        mark = "x" if mig.ident in done else " "
        print(f"[{mark}] {mig.name}")
    unknown = done - {m.ident for m in migrations}
    for ident in sorted(unknown):
        print(f"[?] {ident:04d} applied but no module found")


def new_migration(slug: str) -> Path:
    if not re.fullmatch(r"[a-z0-9_]{3,40}", slug):
        raise SystemExit("slug must be 3-40 chars of a-z, 0-9, _")
    existing = discover()
    next_id = (existing[-1].ident + 1) if existing else 1
    pkg_dir = ROOT / "src" / "edgecache" / "migrations"
    path = pkg_dir / f"m{next_id:04d}_{slug}.py"
    path.write_text(
        '"""' + slug.replace("_", " ") + '"""\n\n\n'
        "def up(conn):\n    raise NotImplementedError\n\n\n"
        "def down(conn):\n    raise NotImplementedError\n",
        encoding="utf-8",
    )
    return path


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", type=Path, default=DEFAULT_DB)
    sub = ap.add_subparsers(dest="cmd", required=True)
    up = sub.add_parser("upgrade")
    up.add_argument("--to", type=int)
    down = sub.add_parser("downgrade")
    down.add_argument("steps", type=int, nargs="?", default=1)
    sub.add_parser("status")
    new = sub.add_parser("new")
    new.add_argument("slug")
    args = ap.parse_args(argv)

    if args.cmd == "new":
        print(f"created {new_migration(args.slug).relative_to(ROOT)}")
        return 0
    migrations = discover()
    conn = connect(args.db)
    try:
        if args.cmd == "upgrade":
            n = upgrade(conn, migrations, args.to)
            print(f"{n} migration(s) applied")
        elif args.cmd == "downgrade":
            n = downgrade(conn, migrations, args.steps)
            print(f"{n} migration(s) reverted")
        else:
            status(conn, migrations)
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
