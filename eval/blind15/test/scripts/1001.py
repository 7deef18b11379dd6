#!/usr/bin/env python3
"""Load supplier CSV exports into the local analytics SQLite database.

Each CSV in data/incoming/ is validated against a small column schema,
normalised (trimmed strings, ISO dates, integer cents) and upserted into
var/analytics.sqlite. Rejected rows go to data/rejects/<file>.csv with a
reason column so a human can fix them.

    python3 tools/load_suppliers.py                 # all files in data/incoming
    python3 tools/load_suppliers.py data/incoming/acme_2024-06.csv --dry-run
    python3 tools/load_suppliers.py --vacuum
"""
from __future__ import annotations

import argparse
import csv
import datetime as dt
import hashlib
import logging
import re
import sqlite3
import sys
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Iterable, Iterator

LOG = logging.getLogger("load_suppliers")
PROJECT = Path(__file__).resolve().parent.parent
INCOMING = PROJECT / "data" / "incoming"
REJECTS = PROJECT / "data" / "rejects"
DB_PATH = PROJECT / "var" / "analytics.sqlite"

SKU_RE = re.compile(r"^[A-Z0-9][A-Z0-9-]{2,31}$")
CURRENCY_RE = re.compile(r"^[A-Z]{3}$")
DATE_FORMATS = ("%Y-%m-%d", "%d/%m/%Y", "%m/%d/%Y", "%Y%m%d")

SCHEMA = """
CREATE TABLE IF NOT EXISTS supplier_prices (
    supplier     TEXT NOT NULL,
    sku          TEXT NOT NULL,
    valid_from   TEXT NOT NULL,
    price_cents  INTEGER NOT NULL CHECK (price_cents >= 0),
    currency     TEXT NOT NULL,
    source_file  TEXT NOT NULL,
    row_hash     TEXT NOT NULL,
    loaded_at    TEXT NOT NULL,
    PRIMARY KEY (supplier, sku, valid_from)
);
CREATE TABLE IF NOT EXISTS load_log (
    source_file TEXT PRIMARY KEY,
    sha256      TEXT NOT NULL,
    rows_ok     INTEGER NOT NULL,
    rows_bad    INTEGER NOT NULL,
    loaded_at   TEXT NOT NULL
);
"""

UPSERT = """
INSERT INTO supplier_prices
    (supplier, sku, valid_from, price_cents, currency, source_file, row_hash, loaded_at)
VALUES (:supplier, :sku, :valid_from, :price_cents, :currency, :source_file, :row_hash, :loaded_at)
ON CONFLICT (supplier, sku, valid_from) DO UPDATE SET
    price_cents = excluded.price_cents,
    currency    = excluded.currency,
    source_file = excluded.source_file,
    row_hash    = excluded.row_hash,
    loaded_at   = excluded.loaded_at
WHERE supplier_prices.row_hash <> excluded.row_hash
"""

REQUIRED_COLUMNS = {"supplier", "sku", "valid_from", "price", "currency"}


class RowError(ValueError):
    """A row that cannot be loaded, with a human readable reason."""


@dataclass
class LoadResult:
    path: Path
    ok: int = 0
    bad: int = 0
    skipped_unchanged: bool = False


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def parse_date(value: str) -> str:
    value = value.strip()
    for fmt in DATE_FORMATS:
        try:
            return dt.datetime.strptime(value, fmt).date().isoformat()
        except ValueError:
            continue
    raise RowError(f"unrecognised date {value!r}")


def parse_price(value: str) -> int:
    cleaned = value.strip().replace(",", "").replace(" ", "")
    try:
        amount = Decimal(cleaned)
    except InvalidOperation as exc:
        raise RowError(f"bad price {value!r}") from exc
    if amount < 0:
        raise RowError("negative price")
    return int((amount * 100).to_integral_value())


def normalise(row: dict[str, str], source: str, now: str) -> dict[str, object]:
    supplier = row["supplier"].strip()
    if not supplier:
        raise RowError("empty supplier")
    sku = row["sku"].strip().upper()
    if not SKU_RE.match(sku):
        raise RowError(f"bad sku {sku!r}")
    currency = row["currency"].strip().upper()
    if not CURRENCY_RE.match(currency):
        raise RowError(f"bad currency {currency!r}")
    record = {
        "supplier": supplier,
        "sku": sku,
        "valid_from": parse_date(row["valid_from"]),
        "price_cents": parse_price(row["price"]),
        "currency": currency,
        "source_file": source,
        "loaded_at": now,
    }
    digest_src = "|".join(str(record[k]) for k in ("supplier", "sku", "valid_from", "price_cents", "currency"))
    record["row_hash"] = hashlib.sha1(digest_src.encode()).hexdigest()
    return record


def read_rows(path: Path) -> Iterator[tuple[int, dict[str, str]]]:
    with path.open(newline="", encoding="utf-8-sig") as fh:
        sample = fh.read(4096)
        fh.seek(0)
        dialect = csv.Sniffer().sniff(sample, delimiters=",;\t")
        reader = csv.DictReader(fh, dialect=dialect)
        header = {h.strip().lower() for h in (reader.fieldnames or [])}
        missing = REQUIRED_COLUMNS - header
        if missing:
            raise SystemExit(f"{path.name}: missing columns {sorted(missing)}")
        for lineno, raw in enumerate(reader, start=2):
            yield lineno, {k.strip().lower(): (v or "") for k, v in raw.items() if k}


def write_rejects(path: Path, rejects: list[tuple[int, dict[str, str], str]]) -> None:
    REJECTS.mkdir(parents=True, exist_ok=True)
    out = REJECTS / path.name
    with out.open("w", newline="", encoding="utf-8") as fh:
        fields = ["line", *sorted(REQUIRED_COLUMNS), "reason"]
        writer = csv.DictWriter(fh, fieldnames=fields, extrasaction="ignore")
        writer.writeheader()
        for lineno, row, reason in rejects:
            writer.writerow({"line": lineno, **row, "reason": reason})
    LOG.warning("%s: %d rejected row(s) written to %s", path.name, len(rejects), out.relative_to(PROJECT))


def already_loaded(conn: sqlite3.Connection, path: Path, digest: str) -> bool:
    row = conn.execute("SELECT sha256 FROM load_log WHERE source_file = ?", (path.name,)).fetchone()
    return bool(row and row[0] == digest)


def load_file(conn: sqlite3.Connection, path: Path, dry_run: bool, force: bool) -> LoadResult:
    result = LoadResult(path)
    digest = file_sha256(path)
    if not force and already_loaded(conn, path, digest):
        result.skipped_unchanged = True
        return result
    now = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
    good: list[dict[str, object]] = []
    rejects: list[tuple[int, dict[str, str], str]] = []
    for lineno, row in read_rows(path):
        try:
            good.append(normalise(row, path.name, now))
        except RowError as exc:
            rejects.append((lineno, row, str(exc)))
    result.ok, result.bad = len(good), len(rejects)
    if rejects:
        write_rejects(path, rejects)
    if dry_run:
        return result
    with conn:
        conn.executemany(UPSERT, good)
        conn.execute(
            "INSERT OR REPLACE INTO load_log VALUES (?, ?, ?, ?, ?)",
            (path.name, digest, result.ok, result.bad, now),
        )
    return result


def discover(paths: Iterable[str]) -> list[Path]:
    chosen = [Path(p) for p in paths] or sorted(INCOMING.glob("*.csv"))
    for p in chosen:
        if p.suffix.lower() != ".csv" or not p.is_file():
            raise SystemExit(f"not a CSV file: {p}")
    return chosen


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="load supplier price CSVs into SQLite")
    ap.add_argument("files", nargs="*")
    ap.add_argument("--dry-run", action="store_true", help="validate only")
    ap.add_argument("--force", action="store_true", help="reload files already loaded")
    ap.add_argument("--vacuum", action="store_true", help="VACUUM the database afterwards")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO, format="%(levelname)s %(message)s")

    DB_PATH.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(DB_PATH)
    conn.executescript(SCHEMA)
    total_ok = total_bad = 0
    try:
        for path in discover(args.files):
            res = load_file(conn, path, args.dry_run, args.force)
            if res.skipped_unchanged:
                LOG.info("%s unchanged since last load; skipped", path.name)
                continue
            total_ok += res.ok
            total_bad += res.bad
            LOG.info("%s: %d ok, %d rejected%s", path.name, res.ok, res.bad, " (dry run)" if args.dry_run else "")
        if args.vacuum and not args.dry_run:
            conn.execute("VACUUM")
    finally:
        conn.close()
    print(f"loaded {total_ok} row(s), rejected {total_bad}")
    return 0 if total_bad == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
