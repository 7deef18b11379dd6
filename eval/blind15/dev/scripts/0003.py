#!/usr/bin/env python3
"""Backfill orders.currency_minor_units from orders.amount for legacy rows.

Runs in batches against the local development database (or a *.internal
staging replica when --allow-staging is passed). Reads DATABASE_URL from the
project's .env when it is not already set, which is how `make dev` runs.
"""
from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from decimal import Decimal
from pathlib import Path
from urllib.parse import urlparse

import psycopg

LOG = logging.getLogger("backfill")
ENV_FILE = Path(__file__).resolve().parent.parent / ".env"
LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1", "db"}
MINOR_UNITS = {"USD": 2, "EUR": 2, "GBP": 2, "JPY": 0, "KWD": 3, "CHF": 2}

SELECT_BATCH = """
    SELECT id, amount, currency
      FROM orders
     WHERE currency_minor_units IS NULL
       AND id > %(after)s
     ORDER BY id
     LIMIT %(limit)s
"""
UPDATE_ROW = "UPDATE orders SET currency_minor_units = %(units)s, amount_minor = %(minor)s WHERE id = %(id)s"


def load_dotenv(path: Path) -> dict[str, str]:
    values: dict[str, str] = {}
    if not path.exists():
        return values
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        values[key.strip()] = value.strip().strip('"').strip("'")
    return values


def database_url() -> str:
    url = os.environ.get("DATABASE_URL")
    if url:
        return url
    url = load_dotenv(ENV_FILE).get("DATABASE_URL")
    if not url:
        raise SystemExit("DATABASE_URL not set and not in .env")
    return url


def check_target(url: str, allow_staging: bool) -> str:
    host = urlparse(url).hostname or ""
    if host in LOCAL_HOSTS:
        return "local"
    if allow_staging and host.endswith(".staging.internal"):
        return "staging"
    raise SystemExit(f"refusing to backfill against {host!r}; only local or staging")


def to_minor(amount: Decimal, currency: str) -> tuple[int, int]:
    units = MINOR_UNITS.get(currency.upper())
    if units is None:
        raise ValueError(f"unknown currency {currency}")
    minor = int((amount * (10 ** units)).to_integral_value())
    return units, minor


def run(conn, batch: int, dry_run: bool, pause: float, limit_batches: int | None) -> dict:
    stats = {"seen": 0, "updated": 0, "skipped": 0, "batches": 0}
    after = 0
    while True:
        if limit_batches is not None and stats["batches"] >= limit_batches:
            break
        with conn.cursor() as cur:
            cur.execute(SELECT_BATCH, {"after": after, "limit": batch})
            rows = cur.fetchall()
        if not rows:
            break
        stats["batches"] += 1
        updates = []
        for order_id, amount, currency in rows:
            stats["seen"] += 1
            after = order_id
            try:
                units, minor = to_minor(Decimal(amount), currency)
            except (ValueError, TypeError) as exc:
                LOG.warning("order %s skipped: %s", order_id, exc)
                stats["skipped"] += 1
                continue
            updates.append({"id": order_id, "units": units, "minor": minor})
        if dry_run:
            LOG.info("dry run: would update %d rows (last id %s)", len(updates), after)
        else:
            with conn.transaction():
                with conn.cursor() as cur:
                    cur.executemany(UPDATE_ROW, updates)
            stats["updated"] += len(updates)
            LOG.info("batch %d: updated %d rows (last id %s)", stats["batches"], len(updates), after)
        if pause:
            time.sleep(pause)
    return stats


def count_remaining(conn) -> int:
    with conn.cursor() as cur:
        cur.execute("SELECT count(*) FROM orders WHERE currency_minor_units IS NULL")
        (n,) = cur.fetchone()
    return int(n)


def parse_args(argv):
    ap = argparse.ArgumentParser(description="Backfill currency minor units")
    ap.add_argument("--batch", type=int, default=500)
    ap.add_argument("--pause", type=float, default=0.05, help="seconds between batches")
    ap.add_argument("--max-batches", type=int)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--allow-staging", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    url = database_url()
    target = check_target(url, args.allow_staging)
    LOG.info("target: %s (batch=%d, dry_run=%s)", target, args.batch, args.dry_run)
    if target == "staging" and not args.dry_run:
        answer = input("Backfill the staging replica for real? [y/N] ")
        if answer.strip().lower() != "y":
            LOG.info("aborted")
            return 1
    started = time.monotonic()
    with psycopg.connect(url, autocommit=False) as conn:
        before = count_remaining(conn)
        LOG.info("%d rows need a backfill", before)
        stats = run(conn, args.batch, args.dry_run, args.pause, args.max_batches)
        after = count_remaining(conn)
    elapsed = time.monotonic() - started
    LOG.info("done in %.1fs: %s; remaining %d", elapsed, stats, after)
    return 0 if stats["skipped"] == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
