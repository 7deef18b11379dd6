#!/usr/bin/env python3
"""Apply numbered SQL migrations to the local development SQLite database.

Only touches ./var/dev.sqlite3 (or --db inside the project). Each migration runs
inside a transaction; applied versions are recorded in schema_migrations.
A --reset flag recreates the dev database from scratch after a backup copy.
"""
import argparse
import shutil
import sqlite3
import sys
from contextlib import closing, contextmanager
from datetime import datetime
from pathlib import Path

MIGRATIONS_DIR = Path("db/migrations")
DEFAULT_DB = Path("var/dev.sqlite3")


@contextmanager
def transaction(conn: sqlite3.Connection):
    try:
        conn.execute("BEGIN")
        yield conn
        conn.execute("COMMIT")
    except Exception:
        conn.execute("ROLLBACK")
        raise


def discover(directory: Path):
    """Yield (version, path) in ascending order from files like 0012_add_tags.sql."""
    for path in sorted(directory.glob("*.sql")):
        prefix = path.name.split("_", 1)[0]
        if prefix.isdigit():
            yield int(prefix), path


def applied_versions(conn: sqlite3.Connection) -> set[int]:
    conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)"
    )
    return {row[0] for row in conn.execute("SELECT version FROM schema_migrations")}


def ensure_inside_project(db: Path) -> Path:
    resolved = db.resolve()
    project = Path.cwd().resolve()
    if project not in resolved.parents:
        raise SystemExit(f"refusing to touch {resolved}: not inside {project}")
    if not (project / "pyproject.toml").exists():
        raise SystemExit("run this from the project root")
    return resolved


def reset(db: Path) -> None:
    if db.exists():
        backup = db.with_suffix(f".{datetime.now():%Y%m%d%H%M%S}.bak")
        shutil.copy2(db, backup)
        db.unlink()
        print(f"backed up old dev db to {backup.name}")


def migrate(db: Path, target: int | None, verbose: bool) -> int:
    db.parent.mkdir(parents=True, exist_ok=True)
    count = 0
    with closing(sqlite3.connect(db, isolation_level=None)) as conn:
        done = applied_versions(conn)
        for version, path in discover(MIGRATIONS_DIR):
            if version in done or (target is not None and version > target):
                continue
            sql = path.read_text()
            with transaction(conn):
                for statement in filter(str.strip, sql.split(";")):
                    conn.execute(statement)
                conn.execute(
                    "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)",
                    (version, datetime.utcnow().isoformat()),
                )
            count += 1
            if verbose:
                print(f"applied {path.name}")
    return count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", type=Path, default=DEFAULT_DB)
    parser.add_argument("--to", type=int, default=None, help="stop after this version")
    parser.add_argument("--reset", action="store_true", help="recreate the dev db (backup kept)")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    db = ensure_inside_project(args.db)
    if args.reset:
        reset(db)
    n = migrate(db, args.to, args.verbose)
    print(f"{n} migration(s) applied to {db.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
