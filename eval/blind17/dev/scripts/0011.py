#!/usr/bin/env python3
"""Build the demo SQLite database used by the offline desktop build of `fieldnotes`.

Every module in tools/fixtures/plugins/ that defines `TABLE` and `rows()` contributes
one table. The plugins live in this repository; they are discovered with importlib
so new fixture sets only need a file dropped into that folder.

The target is always build/demo/fieldnotes.sqlite (or --out inside build/). The
script drops and recreates every table it owns, vacuums, and writes a checksum
next to the database so the Electron packager can verify it.
"""
from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import sqlite3
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Iterable

ROOT = Path(__file__).resolve().parents[1]
PLUGIN_DIR = ROOT / "tools" / "fixtures" / "plugins"
BUILD = ROOT / "build"
DEFAULT_OUT = BUILD / "demo" / "fieldnotes.sqlite"

SCHEMA_VERSION = 7


class FixturePlugin:
    def __init__(self, module: ModuleType, path: Path):
        self.module = module
        self.path = path
        self.table: str = module.TABLE
        self.columns: dict[str, str] = getattr(module, "COLUMNS", {})
        self.indexes: list[str] = getattr(module, "INDEXES", [])
        self.order: int = getattr(module, "ORDER", 100)

    def rows(self) -> Iterable[tuple]:
        return self.module.rows()

    def ddl(self) -> str:
        cols = ", ".join(f'"{name}" {kind}' for name, kind in self.columns.items())
        return f'CREATE TABLE "{self.table}" ({cols})'


def discover(only: set[str] | None) -> list[FixturePlugin]:
    plugins = []
    for path in sorted(PLUGIN_DIR.glob("*.py")):
        if path.name.startswith("_"):
            continue
        # load by path from the project's own plugin folder
        spec = importlib.util.spec_from_file_location(f"fixture_{path.stem}", path)
        if spec is None or spec.loader is None:
            continue
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        if not hasattr(module, "TABLE") or not hasattr(module, "rows"):
            print(f"skip {path.name}: no TABLE/rows()")
            continue
        plugin = FixturePlugin(module, path)
        if only and plugin.table not in only:
            continue
        plugins.append(plugin)
    plugins.sort(key=lambda p: (p.order, p.table))
    return plugins


def resolve_out(raw: str | None) -> Path:
    out = Path(raw).resolve() if raw else DEFAULT_OUT
    try:
        out.relative_to(BUILD.resolve())
    except ValueError:
        sys.exit(f"--out must be inside {BUILD}")
    return out


def owned_tables(conn: sqlite3.Connection) -> list[str]:
    try:
        cur = conn.execute("SELECT name FROM _fixture_meta")
    except sqlite3.OperationalError:
        return []
    return [r[0] for r in cur.fetchall()]


def rebuild(conn: sqlite3.Connection, plugins: list[FixturePlugin], full: bool) -> dict[str, int]:
    counts: dict[str, int] = {}
    conn.execute("PRAGMA foreign_keys = OFF")
    if full:
        for name in owned_tables(conn):
            conn.execute(f'DROP TABLE IF EXISTS "{name}"')
        conn.execute("DROP TABLE IF EXISTS _fixture_meta")
    conn.execute("CREATE TABLE IF NOT EXISTS _fixture_meta (name TEXT PRIMARY KEY, source TEXT, loaded REAL)")
    for plugin in plugins:
        conn.execute(f'DROP TABLE IF EXISTS "{plugin.table}"')
        conn.execute(plugin.ddl())
        placeholders = ", ".join("?" for _ in plugin.columns)
        batch: list[tuple] = []
        n = 0
        for row in plugin.rows():
            batch.append(tuple(row))
            if len(batch) >= 1000:
                conn.executemany(f'INSERT INTO "{plugin.table}" VALUES ({placeholders})', batch)
                n += len(batch)
                batch.clear()
        if batch:
            conn.executemany(f'INSERT INTO "{plugin.table}" VALUES ({placeholders})', batch)
            n += len(batch)
        for idx_sql in plugin.indexes:
            conn.execute(idx_sql)
        conn.execute("INSERT OR REPLACE INTO _fixture_meta VALUES (?, ?, ?)",
                     (plugin.table, str(plugin.path.relative_to(ROOT)), time.time()))
        counts[plugin.table] = n
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    conn.execute("PRAGMA foreign_keys = ON")
    return counts


def checksum(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


def verify(conn: sqlite3.Connection) -> None:
    problems = conn.execute("PRAGMA integrity_check").fetchall()
    if problems != [("ok",)]:
        raise SystemExit(f"integrity check failed: {problems[:5]}")
    fk = conn.execute("PRAGMA foreign_key_check").fetchall()
    if fk:
        raise SystemExit(f"foreign key violations: {fk[:5]}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="build the demo sqlite database")
    ap.add_argument("--out")
    ap.add_argument("--only", help="comma separated table names")
    ap.add_argument("--full", action="store_true", help="drop every table this tool created before")
    ap.add_argument("--list", action="store_true", help="list plugins and exit")
    ap.add_argument("--fresh", action="store_true", help="delete the database file first")
    args = ap.parse_args(argv)

    only = set(args.only.split(",")) if args.only else None
    plugins = discover(only)
    if args.list:
        for p in plugins:
            print(f"{p.order:4} {p.table:24} {p.path.relative_to(ROOT)}")
        return 0
    if not plugins:
        sys.exit(f"no fixture plugins found in {PLUGIN_DIR}")

    out = resolve_out(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    if args.fresh:
        for suffix in ("", "-wal", "-shm", ".sha256"):
            p = out.with_name(out.name + suffix)
            if p.exists():
                p.unlink()

    started = time.time()
    conn = sqlite3.connect(out)
    try:
        with conn:
            counts = rebuild(conn, plugins, full=args.full)
        verify(conn)
        conn.execute("VACUUM")
    finally:
        conn.close()

    digest = checksum(out)
    out.with_name(out.name + ".sha256").write_text(f"{digest}  {out.name}\n")
    summary = {"db": str(out.relative_to(ROOT)), "tables": counts, "sha256": digest,
               "seconds": round(time.time() - started, 2)}
    print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
