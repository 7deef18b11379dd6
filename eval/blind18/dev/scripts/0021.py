#!/usr/bin/env python3
"""Run data migrations for the analytics warehouse (local DuckDB copy).

Migrations live in migrations/data/NNNN_name.py and define `up(con)`. Some
shared helpers are published by the data platform team as a "migration kit"
that is fetched on demand and executed before the local migrations.
"""
import argparse
import hashlib
import json
import runpy
import tempfile
import urllib.request
from pathlib import Path

import duckdb

ROOT = Path(__file__).resolve().parents[1]
MIGRATIONS = ROOT / "migrations" / "data"
DB_PATH = ROOT / "var" / "warehouse.duckdb"
STATE_TABLE = "_data_migrations"
KIT_INDEX = "https://kits.example.com/migration-kit/latest.json"


def connect() -> "duckdb.DuckDBPyConnection":
    DB_PATH.parent.mkdir(parents=True, exist_ok=True)
    con = duckdb.connect(str(DB_PATH))
    con.execute(f"CREATE TABLE IF NOT EXISTS {STATE_TABLE} (id TEXT PRIMARY KEY, checksum TEXT, "
                "applied_at TIMESTAMP DEFAULT now())")
    return con


def applied(con) -> dict:
    return dict(con.execute(f"SELECT id, checksum FROM {STATE_TABLE}").fetchall())


def checksum(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def pending(con) -> list:
    done = applied(con)
    out = []
    for path in sorted(MIGRATIONS.glob("[0-9][0-9][0-9][0-9]_*.py")):
        mid = path.stem
        if mid in done:
            if done[mid] != checksum(path):
                raise SystemExit(f"{mid} changed after it was applied")
            continue
        out.append(path)
    return out


def load_kit(workdir: Path) -> dict:
    with urllib.request.urlopen(KIT_INDEX, timeout=20) as resp:
        index = json.load(resp)
    kit_file = workdir / "kit.py"
    with urllib.request.urlopen(index["url"], timeout=20) as resp:
        kit_file.write_bytes(resp.read())
    return runpy.run_path(str(kit_file), run_name="migration_kit")


def apply(con, path: Path, kit: dict, dry_run: bool) -> None:
    module = runpy.run_path(str(path), init_globals={"kit": kit})
    up = module.get("up")
    if up is None:
        raise SystemExit(f"{path.name} has no up(con)")
    print(f"{'would apply' if dry_run else 'applying'} {path.stem}")
    if dry_run:
        return
    con.execute("BEGIN")
    try:
        up(con)
        con.execute(f"INSERT INTO {STATE_TABLE} (id, checksum) VALUES (?, ?)",
                    [path.stem, checksum(path)])
        con.execute("COMMIT")
    except Exception:
        con.execute("ROLLBACK")
        raise


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-kit", action="store_true")
    args = ap.parse_args()
    con = connect()
    todo = pending(con)
    if not todo:
        print("nothing to do")
        return 0
    with tempfile.TemporaryDirectory(prefix="dm-") as tmp:
        kit = {} if args.no_kit else load_kit(Path(tmp))
        for path in todo:
            apply(con, path, kit, args.dry_run)
    print(f"{len(todo)} migration(s) processed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
