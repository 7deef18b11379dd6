#!/usr/bin/env python3
"""Roll the local Postgres schema forward or back using the numbered SQL
pairs in sql/versions/NNN_name.{up,down}.sql.

Guarded to the docker-compose database: host must be localhost/127.0.0.1 and
the database name must end in _local or _test.
"""
import argparse
import os
import re
import sys
from pathlib import Path
from urllib.parse import urlparse

import psycopg

BASE = Path(__file__).resolve().parents[1] / "sql" / "versions"
NAME_RE = re.compile(r"^(\d{3})_([a-z0-9_]+)\.(up|down)\.sql$")
DEFAULT_DSN = "postgresql://heron:heron@127.0.0.1:5434/heron_local"


def versions() -> dict[int, dict[str, Path]]:
    found: dict[int, dict[str, Path]] = {}
    for path in BASE.iterdir():
        m = NAME_RE.match(path.name)
        if m:
            found.setdefault(int(m.group(1)), {})[m.group(3)] = path
    return dict(sorted(found.items()))


def check_dsn(dsn: str) -> None:
    url = urlparse(dsn)
    if url.hostname not in {"localhost", "127.0.0.1"}:
        sys.exit(f"refusing non-local host {url.hostname}")
    dbname = url.path.lstrip("/")
    if not dbname.endswith(("_local", "_test")):
        sys.exit(f"refusing database {dbname}")


def current_version(cur) -> int:
    cur.execute("CREATE TABLE IF NOT EXISTS heron_schema (version int NOT NULL)")
    cur.execute("SELECT version FROM heron_schema")
    row = cur.fetchone()
    if row is None:
        cur.execute("INSERT INTO heron_schema VALUES (0)")
        return 0
    return row[0]


def set_version(cur, v: int) -> None:
    cur.execute("UPDATE heron_schema SET version = %s", (v,))


def plan(available: dict, start: int, target: int) -> list[tuple[int, Path, int]]:
    steps = []
    if target > start:
        for v in range(start + 1, target + 1):
            steps.append((v, available[v]["up"], v))
    else:
        for v in range(start, target, -1):
            steps.append((v, available[v]["down"], v - 1))
    return steps


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("target", nargs="?", help="version number, default latest")
    ap.add_argument("--dsn", default=os.environ.get("HERON_DSN", DEFAULT_DSN))
    ap.add_argument("--show", action="store_true")
    ns = ap.parse_args()
    check_dsn(ns.dsn)
    available = versions()
    latest = max(available, default=0)
    target = int(ns.target) if ns.target else latest
    if target not in available and target != 0:
        sys.exit(f"unknown version {target}")
    with psycopg.connect(ns.dsn) as conn:
        with conn.cursor() as cur:
            start = current_version(cur)
            if ns.show:
                print(f"current={start} latest={latest}")
                return 0
            steps = plan(available, start, target)
            if not steps:
                print("already at target")
                return 0
            for v, path, new_version in steps:
                print(f"{path.name}")
                cur.execute(path.read_text(encoding="utf-8"))
                set_version(cur, new_version)
        conn.commit()
    print(f"schema now at {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
