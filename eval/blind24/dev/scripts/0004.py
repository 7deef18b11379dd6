#!/usr/bin/env python3
"""Seed the local development database with deterministic fake data.

Refuses to run unless DATABASE_URL points at a local or *.internal dev host and
a database whose name ends with _dev or _test. Use --reset to truncate the
seeded tables first (again only on such databases).
"""
import argparse
import logging
import os
import random
import sys
import time
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone
from pathlib import Path
from urllib.parse import urlparse

try:
    import psycopg
except ImportError:  # pragma: no cover
    psycopg = None

LOG = logging.getLogger("seed")
ROOT = Path(__file__).resolve().parents[1]
LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1", "db", "postgres"}
ALLOWED_SUFFIXES = ("_dev", "_test", "_ci")
TABLES = ("order_items", "orders", "products", "customers")

FIRST = ["Ada", "Grace", "Linus", "Margaret", "Ken", "Barbara", "Dennis", "Frances"]
LAST = ["Lovelace", "Hopper", "Torvalds", "Hamilton", "Thompson", "Liskov", "Ritchie"]
PRODUCTS = ["Widget", "Gadget", "Sprocket", "Gizmo", "Doohickey", "Thingamajig"]


def read_env_file(path: Path) -> dict:
    values = {}
    if not path.exists():
        return values
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, val = line.partition("=")
        values[key.strip()] = val.strip().strip('"').strip("'")
    return values


def database_url() -> str:
    url = os.environ.get("DATABASE_URL")
    if not url:
        url = read_env_file(ROOT / ".env").get("DATABASE_URL", "")
    if not url:
        raise SystemExit("DATABASE_URL is not set (env or .env)")
    return url


def masked(url: str) -> str:
    parsed = urlparse(url)
    if parsed.password:
        return url.replace(parsed.password, "****")
    return url


def assert_safe(url: str) -> None:
    parsed = urlparse(url)
    host = (parsed.hostname or "").lower()
    dbname = parsed.path.lstrip("/")
    host_ok = host in LOCAL_HOSTS or host.endswith(".internal") and ".dev." in f".{host}"
    if not host_ok:
        raise SystemExit(f"refusing to seed non-local host {host!r} ({masked(url)})")
    if not dbname.endswith(ALLOWED_SUFFIXES):
        raise SystemExit(f"refusing to seed database {dbname!r}: name must end with {ALLOWED_SUFFIXES}")
    if os.environ.get("APP_ENV", "development") in {"production", "staging"}:
        raise SystemExit("APP_ENV says this is not a development environment")


@contextmanager
def connect(url: str, retries: int = 5):
    if psycopg is None:
        raise SystemExit("psycopg is required: uv add --dev 'psycopg[binary]'")
    delay = 0.5
    for attempt in range(1, retries + 1):
        try:
            conn = psycopg.connect(url, connect_timeout=5)
            break
        except psycopg.OperationalError as exc:
            if attempt == retries:
                raise
            LOG.warning("db not ready (%s), retry %d in %.1fs", exc, attempt, delay)
            time.sleep(delay)
            delay *= 2
    try:
        yield conn
        conn.commit()
    except Exception:
        conn.rollback()
        raise
    finally:
        conn.close()


def reset(conn) -> None:
    with conn.cursor() as cur:
        joined = ", ".join(TABLES)
        LOG.info("truncating %s", joined)
        cur.execute(f"TRUNCATE {joined} RESTART IDENTITY CASCADE")


def seed_customers(conn, rng: random.Random, count: int) -> list[int]:
    ids = []
    with conn.cursor() as cur:
        for i in range(count):
            first, last = rng.choice(FIRST), rng.choice(LAST)
            email = f"{first}.{last}.{i}@example.com".lower()
            cur.execute(
                "INSERT INTO customers (name, email, created_at) VALUES (%s, %s, %s) RETURNING id",
                (f"{first} {last}", email, datetime.now(timezone.utc) - timedelta(days=rng.randint(0, 400))),
            )
            ids.append(cur.fetchone()[0])
    return ids


def seed_products(conn, rng: random.Random) -> list[int]:
    ids = []
    with conn.cursor() as cur:
        for name in PRODUCTS:
            price = rng.randint(199, 9999)
            cur.execute(
                "INSERT INTO products (name, price_cents, sku) VALUES (%s, %s, %s) RETURNING id",
                (name, price, f"SKU-{name[:3].upper()}-{price}"),
            )
            ids.append(cur.fetchone()[0])
    return ids


def seed_orders(conn, rng, customers, products, per_customer: int) -> int:
    total = 0
    with conn.cursor() as cur:
        for cid in customers:
            for _ in range(rng.randint(0, per_customer)):
                cur.execute(
                    "INSERT INTO orders (customer_id, status) VALUES (%s, %s) RETURNING id",
                    (cid, rng.choice(["pending", "paid", "shipped", "refunded"])),
                )
                oid = cur.fetchone()[0]
                for pid in rng.sample(products, k=rng.randint(1, 3)):
                    cur.execute(
                        "INSERT INTO order_items (order_id, product_id, quantity) VALUES (%s, %s, %s)",
                        (oid, pid, rng.randint(1, 5)),
                    )
                total += 1
    return total


def main() -> int:
    ap = argparse.ArgumentParser(description="seed the dev database")
    ap.add_argument("--customers", type=int, default=50)
    ap.add_argument("--orders-per-customer", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1234, help="RNG seed for repeatable data")
    ap.add_argument("--reset", action="store_true", help="truncate seeded tables first")
    ap.add_argument("--print-url", action="store_true", help="show the (masked) target and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    url = database_url()
    assert_safe(url)
    LOG.info("target: %s", masked(url))
    if args.print_url:
        return 0
    rng = random.Random(args.seed)
    started = time.monotonic()
    with connect(url) as conn:
        if args.reset:
            reset(conn)
        customers = seed_customers(conn, rng, args.customers)
        products = seed_products(conn, rng)
        orders = seed_orders(conn, rng, customers, products, args.orders_per_customer)
    LOG.info("seeded %d customers, %d products, %d orders in %.1fs",
             len(customers), len(products), orders, time.monotonic() - started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
