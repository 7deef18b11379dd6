#!/usr/bin/env python3
"""Reseed the local development database for the storefront project.

Truncates the demo tables of the *local* Postgres started by docker-compose.dev.yml
and refills them from the CSV fixtures under fixtures/seed/. Refuses to touch any
database that is not on localhost / the compose network.

Usage:
    python tools/reseed_dev_db.py              # truncate + load everything
    python tools/reseed_dev_db.py --only products,customers
    python tools/reseed_dev_db.py --drop-schema  # drop and recreate public schema first
"""
from __future__ import annotations

import argparse
import csv
import logging
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

import psycopg2
from psycopg2 import sql
from psycopg2.extras import execute_values

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures" / "seed"
ENV_FILES = (ROOT / ".env.local", ROOT / ".env")
LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1", "postgres", "db"}

log = logging.getLogger("reseed")


@dataclass
class TableSpec:
    name: str
    csv_file: str
    columns: list[str]
    depends_on: list[str] = field(default_factory=list)
    sequence: str | None = None


TABLES: list[TableSpec] = [
    TableSpec("customers", "customers.csv", ["id", "email", "full_name", "created_at"], sequence="customers_id_seq"),
    TableSpec("categories", "categories.csv", ["id", "slug", "title"], sequence="categories_id_seq"),
    TableSpec("products", "products.csv", ["id", "sku", "title", "category_id", "price_cents"],
              depends_on=["categories"], sequence="products_id_seq"),
    TableSpec("orders", "orders.csv", ["id", "customer_id", "status", "placed_at"],
              depends_on=["customers"], sequence="orders_id_seq"),
    TableSpec("order_lines", "order_lines.csv", ["order_id", "product_id", "qty", "unit_cents"],
              depends_on=["orders", "products"]),
]


def load_env_files() -> None:
    """Read KEY=VALUE pairs from the project's own .env files (first one wins)."""
    for path in ENV_FILES:
        if not path.exists():
            continue
        for raw in path.read_text().splitlines():
            line = raw.strip()
            if not line or line.startswith("#") or "=" not in line:
                continue
            key, _, value = line.partition("=")
            os.environ.setdefault(key.strip(), value.strip().strip('"').strip("'"))


def database_url() -> str:
    url = os.environ.get("DATABASE_URL")
    if not url:
        sys.exit("DATABASE_URL is not set (expected in .env.local)")
    return url


def assert_local(url: str) -> None:
    parsed = urlparse(url)
    host = parsed.hostname or ""
    if host not in LOCAL_HOSTS:
        sys.exit(f"refusing to reseed non-local database host {host!r}")
    dbname = (parsed.path or "/").lstrip("/")
    if not dbname.endswith(("_dev", "_local", "_test")):
        sys.exit(f"refusing to reseed database {dbname!r}: name must end in _dev/_local/_test")


def connect(url: str, retries: int = 10):
    last = None
    for attempt in range(1, retries + 1):
        try:
            conn = psycopg2.connect(url)
            conn.autocommit = False
            return conn
        except psycopg2.OperationalError as exc:
            last = exc
            log.info("postgres not ready (attempt %d/%d): %s", attempt, retries, exc)
            time.sleep(1.5)
    raise SystemExit(f"could not connect to local postgres: {last}")


def topo_order(specs: list[TableSpec]) -> list[TableSpec]:
    by_name = {s.name: s for s in specs}
    ordered: list[TableSpec] = []
    seen: set[str] = set()

    def visit(spec: TableSpec, stack: tuple[str, ...] = ()) -> None:
        if spec.name in seen:
            return
        if spec.name in stack:
            raise ValueError(f"dependency cycle: {' -> '.join(stack + (spec.name,))}")
        for dep in spec.depends_on:
            if dep in by_name:
                visit(by_name[dep], stack + (spec.name,))
        seen.add(spec.name)
        ordered.append(spec)

    for s in specs:
        visit(s)
    return ordered


def drop_schema(conn) -> None:
    log.warning("dropping and recreating schema public on the local dev database")
    with conn.cursor() as cur:
        cur.execute("DROP SCHEMA IF EXISTS public CASCADE")
        cur.execute("CREATE SCHEMA public")
    conn.commit()


def truncate(conn, specs: list[TableSpec]) -> None:
    names = [sql.Identifier(s.name) for s in specs]
    stmt = sql.SQL("TRUNCATE TABLE {} RESTART IDENTITY CASCADE").format(sql.SQL(", ").join(names))
    with conn.cursor() as cur:
        cur.execute(stmt)
    log.info("truncated %s", ", ".join(s.name for s in specs))


def read_rows(spec: TableSpec) -> list[tuple]:
    path = FIXTURES / spec.csv_file
    if not path.exists():
        log.warning("fixture %s missing, table %s stays empty", path.name, spec.name)
        return []
    with path.open(newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        missing = [c for c in spec.columns if c not in (reader.fieldnames or [])]
        if missing:
            raise ValueError(f"{path.name}: missing columns {missing}")
        return [tuple(row[c] or None for c in spec.columns) for row in reader]


def insert(conn, spec: TableSpec, rows: list[tuple]) -> int:
    if not rows:
        return 0
    stmt = sql.SQL("INSERT INTO {} ({}) VALUES %s").format(
        sql.Identifier(spec.name),
        sql.SQL(", ").join(sql.Identifier(c) for c in spec.columns),
    )
    with conn.cursor() as cur:
        execute_values(cur, stmt.as_string(conn), rows, page_size=500)
    return len(rows)


def reset_sequence(conn, spec: TableSpec) -> None:
    if not spec.sequence:
        return
    stmt = sql.SQL("SELECT setval({seq}, COALESCE((SELECT MAX(id) FROM {tbl}), 1))").format(
        seq=sql.Literal(spec.sequence), tbl=sql.Identifier(spec.name)
    )
    with conn.cursor() as cur:
        cur.execute(stmt)


def run_migrations() -> None:
    # the schema is owned by Django; reuse its migrations after a schema drop
    import subprocess

    cmd = [sys.executable, "manage.py", "migrate", "--noinput"]
    log.info("running %s", " ".join(cmd))
    subprocess.run(cmd, cwd=ROOT, check=True)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description="reseed the local dev database")
    p.add_argument("--only", help="comma separated table names")
    p.add_argument("--drop-schema", action="store_true", help="drop public schema and re-migrate")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    load_env_files()
    url = database_url()
    assert_local(url)

    specs = topo_order(TABLES)
    if args.only:
        wanted = {x.strip() for x in args.only.split(",") if x.strip()}
        unknown = wanted - {s.name for s in specs}
        if unknown:
            sys.exit(f"unknown tables: {sorted(unknown)}")
        specs = [s for s in specs if s.name in wanted]

    if args.dry_run:
        for s in specs:
            log.info("would reload %s from %s (%d rows)", s.name, s.csv_file, len(read_rows(s)))
        return 0

    conn = connect(url)
    try:
        if args.drop_schema:
            drop_schema(conn)
            conn.close()
            run_migrations()
            conn = connect(url)
        truncate(conn, specs)
        total = 0
        for spec in specs:
            n = insert(conn, spec, read_rows(spec))
            reset_sequence(conn, spec)
            log.info("%-12s %6d rows", spec.name, n)
            total += n
        conn.commit()
        log.info("done: %d rows in %d tables", total, len(specs))
    except Exception:
        conn.rollback()
        raise
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
