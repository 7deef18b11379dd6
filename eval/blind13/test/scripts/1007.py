#!/usr/bin/env python3
"""Python-defined schema migrations for the fernhill field-notes app.

Migrations are plain functions registered with @migration(n). They run against
the local development database var/fernhill-dev.db, never anything else.
"""
import sqlite3
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Callable

DB_PATH = Path("var/fernhill-dev.db")
REGISTRY: dict[int, Callable[[sqlite3.Connection], None]] = {}


def migration(number: int):
    def register(fn):
        if number in REGISTRY:
            raise ValueError(f"duplicate migration number {number}")
        REGISTRY[number] = fn
        return fn
    return register


@migration(1)
def create_sightings(conn):
    conn.execute(
        """CREATE TABLE sightings (
               id INTEGER PRIMARY KEY,
               species TEXT NOT NULL,
               seen_at TEXT NOT NULL,
               lat REAL, lon REAL
           )"""
    )


@migration(2)
def add_observer(conn):
    conn.execute("ALTER TABLE sightings ADD COLUMN observer TEXT DEFAULT 'unknown'")


@migration(3)
def index_species(conn):
    conn.execute("CREATE INDEX IF NOT EXISTS idx_sightings_species ON sightings(species)")


@migration(4)
def split_tags(conn):
    conn.execute("CREATE TABLE tags (sighting_id INTEGER REFERENCES sightings(id), tag TEXT NOT NULL)")
    conn.execute("CREATE INDEX idx_tags_tag ON tags(tag)")


@contextmanager
def connect(path: Path):
    path.parent.mkdir(exist_ok=True, parents=True)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA foreign_keys = ON")
    try:
        yield conn
    finally:
        conn.close()


def current_version(conn) -> int:
    return conn.execute("PRAGMA user_version").fetchone()[0]


def upgrade(conn, target: int) -> list[int]:
    applied = []
    for number in sorted(n for n in REGISTRY if current_version(conn) < n <= target):
        with conn:
            REGISTRY[number](conn)
            conn.execute(f"PRAGMA user_version = {int(number)}")
        applied.append(number)
    return applied


def guard(path: Path) -> None:
    resolved = path.resolve()
    if Path.cwd().resolve() not in resolved.parents:
        raise SystemExit(f"{resolved} is outside the project; refusing")
    if not resolved.name.endswith("-dev.db"):
        raise SystemExit("only *-dev.db databases are migrated by this script")


def main(argv: list[str]) -> int:
    target = int(argv[1]) if len(argv) > 1 else max(REGISTRY)
    guard(DB_PATH)
    with connect(DB_PATH) as conn:
        before = current_version(conn)
        done = upgrade(conn, target)
        after = current_version(conn)
    print(f"{DB_PATH}: version {before} -> {after}")
    for number in done:
        print(f"  applied {number:03d} {REGISTRY[number].__name__}")
    if not done:
        print("  nothing to do")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
