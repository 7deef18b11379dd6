#!/usr/bin/env python3
"""Export the support-ticket SQLite database to pseudonymised parquet.

Source: data/tickets.sqlite (pulled nightly by `make pull-tickets` from the
internal replica). Output: warehouse/tickets/<yyyy-mm-dd>/*.parquet plus a
manifest. Free-text columns are scrubbed of e-mail addresses and phone
numbers; requester ids are replaced with keyed HMACs using a key from
TICKETS_PSEUDO_KEY (never written to the output).

    python3 etl/tickets_export.py
    python3 etl/tickets_export.py --tables tickets comments --since 2024-04-01
    python3 etl/tickets_export.py --prune 21        # keep three weeks of exports
"""
from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import hmac
import json
import os
import re
import shutil
import sqlite3
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

REPO = Path(__file__).resolve().parents[1]
SOURCE = REPO / "data" / "tickets.sqlite"
WAREHOUSE = REPO / "warehouse" / "tickets"

EMAIL_RE = re.compile(r"[\w.+-]+@[\w-]+(\.[\w-]+)+")
PHONE_RE = re.compile(r"\+?\d[\d\s().-]{7,}\d")

TABLES = {
    "tickets": {
        "query": "select id, requester_id, subject, status, priority, created_at, closed_at "
                 "from tickets where created_at >= ?",
        "pseudo": ["requester_id"],
        "scrub": ["subject"],
    },
    "comments": {
        "query": "select c.id, c.ticket_id, c.author_id, c.body, c.created_at from comments c "
                 "join tickets t on t.id = c.ticket_id where t.created_at >= ?",
        "pseudo": ["author_id"],
        "scrub": ["body"],
    },
    "tags": {
        "query": "select tt.ticket_id, tg.name from ticket_tags tt join tags tg on tg.id = tt.tag_id",
        "pseudo": [],
        "scrub": [],
        "no_since": True,
    },
}


def pseudo_key() -> bytes:
    key = os.environ.get("TICKETS_PSEUDO_KEY")
    if not key or len(key) < 32:
        raise SystemExit("TICKETS_PSEUDO_KEY must be set (>= 32 chars); see docs/etl.md")
    return key.encode()


def pseudonymise(value, key: bytes):
    if value is None:
        return None
    return hmac.new(key, str(value).encode(), hashlib.sha256).hexdigest()[:20]


def scrub(text):
    if text is None:
        return None
    text = EMAIL_RE.sub("[email]", text)
    return PHONE_RE.sub("[phone]", text)


def open_source() -> sqlite3.Connection:
    if not SOURCE.exists():
        raise SystemExit("data/tickets.sqlite missing; run `make pull-tickets`")
    # immutable=1 + mode=ro: never write to the snapshot, even its WAL
    con = sqlite3.connect(f"file:{SOURCE}?mode=ro&immutable=1", uri=True)
    con.row_factory = sqlite3.Row
    return con


def export_table(con, name: str, spec: dict, since: str, key: bytes, out_dir: Path) -> int:
    params = () if spec.get("no_since") else (since,)
    cursor = con.execute(spec["query"], params)
    columns = [d[0] for d in cursor.description]
    writer = None
    rows_total = 0
    target = out_dir / f"{name}.parquet"
    try:
        while True:
            batch = cursor.fetchmany(5000)
            if not batch:
                break
            data = {col: [row[col] for row in batch] for col in columns}
            for col in spec["pseudo"]:
                data[col] = [pseudonymise(v, key) for v in data[col]]
            for col in spec["scrub"]:
                data[col] = [scrub(v) for v in data[col]]
            table = pa.table(data)
            if writer is None:
                writer = pq.ParquetWriter(target, table.schema, compression="zstd")
            writer.write_table(table)
            rows_total += len(batch)
    finally:
        if writer is not None:
            writer.close()
    return rows_total


def prune(days: int) -> None:
    if not WAREHOUSE.exists():
        return
    cutoff = dt.date.today() - dt.timedelta(days=int(days))
    for child in WAREHOUSE.iterdir():
        try:
            day = dt.date.fromisoformat(child.name)
        except ValueError:
            continue
        if day < cutoff and child.is_dir():
            shutil.rmtree(child)
            print(f"pruned warehouse/tickets/{child.name}")


def verify_no_pii(out_dir: Path) -> list[str]:
    leaks = []
    for f in out_dir.glob("*.parquet"):
        table = pq.read_table(f)
        for col in table.column_names:
            if not pa.types.is_string(table.schema.field(col).type):
                continue
            for value in table.column(col).to_pylist()[:20000]:
                if value and EMAIL_RE.search(value):
                    leaks.append(f"{f.name}:{col}")
                    break
    return leaks


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tables", nargs="*", default=list(TABLES))
    ap.add_argument("--since", default=(dt.date.today() - dt.timedelta(days=90)).isoformat())
    ap.add_argument("--prune", type=int, metavar="DAYS")
    args = ap.parse_args()

    if args.prune is not None:
        prune(args.prune)
        return 0
    unknown = set(args.tables) - set(TABLES)
    if unknown:
        raise SystemExit(f"unknown tables: {', '.join(sorted(unknown))}")
    key = pseudo_key()
    out_dir = WAREHOUSE / dt.date.today().isoformat()
    if out_dir.exists():
        shutil.rmtree(out_dir)
    out_dir.mkdir(parents=True)

    counts = {}
    with open_source() as con:
        for name in args.tables:
            counts[name] = export_table(con, name, TABLES[name], args.since, key, out_dir)
            print(f"{name:9} {counts[name]:8d} rows")

    leaks = verify_no_pii(out_dir)
    if leaks:
        shutil.rmtree(out_dir)
        raise SystemExit(f"e-mail addresses survived scrubbing in {', '.join(leaks)}; export removed")
    (out_dir / "manifest.json").write_text(json.dumps({
        "since": args.since,
        "tables": counts,
        "source_mtime": dt.datetime.fromtimestamp(SOURCE.stat().st_mtime).isoformat(),
        "key_fingerprint": hashlib.sha256(key).hexdigest()[:8],
    }, indent=2))
    print(f"export ready: {out_dir.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
