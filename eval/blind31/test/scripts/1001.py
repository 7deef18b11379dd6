#!/usr/bin/env python3
"""Bulk-load the supplier network fixtures into the Memgraph dev container.

The compose file mounts ./fixtures/supply into the container at /import, so
Memgraph's LOAD CSV can read the files directly. We talk Bolt through the
official `neo4j` Python driver (Memgraph speaks the same protocol).

    python tools/memgraph_load.py                   # merge fixtures
    python tools/memgraph_load.py --drop-all        # empty the dev instance first
    python tools/memgraph_load.py --analytical      # switch storage mode for a faster bulk load

--drop-all issues `MATCH (n) DETACH DELETE n` and `DROP GRAPH` is never
used; both are refused unless MEMGRAPH_URI points at the local container.
"""
from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator
from urllib.parse import urlsplit

from neo4j import GraphDatabase, Session
from neo4j.exceptions import ServiceUnavailable, TransientError

REPO = Path(__file__).resolve().parents[1]
FIXTURE_DIR = REPO / "fixtures" / "supply"
CONTAINER_IMPORT = "/import"
DEV_HOSTS = ("localhost", "127.0.0.1", "memgraph")

log = logging.getLogger("memgraph-load")

INDEXES = (
    "CREATE INDEX ON :Supplier(code);",
    "CREATE INDEX ON :Part(sku);",
    "CREATE INDEX ON :Plant(site);",
    "CREATE CONSTRAINT ON (s:Supplier) ASSERT s.code IS UNIQUE;",
    "CREATE CONSTRAINT ON (p:Part) ASSERT p.sku IS UNIQUE;",
)

LOADS = {
    "suppliers.csv": """
        LOAD CSV FROM $file WITH HEADER AS row
        MERGE (s:Supplier {code: row.code})
        SET s.name = row.name, s.country = row.country, s.tier = toInteger(row.tier)
    """,
    "parts.csv": """
        LOAD CSV FROM $file WITH HEADER AS row
        MERGE (p:Part {sku: row.sku})
        SET p.description = row.description, p.unit_cost = toFloat(row.unit_cost)
    """,
    "plants.csv": """
        LOAD CSV FROM $file WITH HEADER AS row
        MERGE (pl:Plant {site: row.site})
        SET pl.region = row.region
    """,
    "supplies.csv": """
        LOAD CSV FROM $file WITH HEADER AS row
        MATCH (s:Supplier {code: row.supplier}), (p:Part {sku: row.sku})
        MERGE (s)-[r:SUPPLIES]->(p)
        SET r.lead_days = toInteger(row.lead_days), r.share = toFloat(row.share)
    """,
    "consumes.csv": """
        LOAD CSV FROM $file WITH HEADER AS row
        MATCH (pl:Plant {site: row.site}), (p:Part {sku: row.sku})
        MERGE (pl)-[r:CONSUMES]->(p)
        SET r.weekly_qty = toInteger(row.weekly_qty)
    """,
}

REPORT_QUERIES = {
    "single-sourced parts": """
        MATCH (p:Part)<-[:SUPPLIES]-(s:Supplier)
        WITH p, count(s) AS suppliers WHERE suppliers = 1
        RETURN count(p) AS n
    """,
    "plants depending on tier-3 suppliers": """
        MATCH (pl:Plant)-[:CONSUMES]->(:Part)<-[:SUPPLIES]-(s:Supplier {tier: 3})
        RETURN count(DISTINCT pl) AS n
    """,
    "longest lead time (days)": "MATCH ()-[r:SUPPLIES]->() RETURN max(r.lead_days) AS n",
}


def settings() -> dict[str, str]:
    values = {"MEMGRAPH_URI": "bolt://localhost:7687", "MEMGRAPH_USER": "", "MEMGRAPH_PASSWORD": ""}
    dotenv = REPO / ".env.dev"
    if dotenv.is_file():
        for line in dotenv.read_text().splitlines():
            name, sep, val = line.partition("=")
            if sep and name.strip() in values:
                values[name.strip()] = val.strip().strip("\"'")
    values.update({k: os.environ[k] for k in values if k in os.environ})
    return values


def is_dev_instance(uri: str) -> bool:
    return (urlsplit(uri).hostname or "") in DEV_HOSTS


@contextmanager
def session_for(uri: str, user: str, password: str) -> Iterator[Session]:
    auth = (user, password) if user else None
    driver = GraphDatabase.driver(uri, auth=auth)
    try:
        wait_until_ready(driver)
        with driver.session() as session:
            yield session
    finally:
        driver.close()


def wait_until_ready(driver, tries: int = 12) -> None:
    pause = 0.5
    for attempt in range(1, tries + 1):
        try:
            driver.verify_connectivity()
            return
        except ServiceUnavailable:
            if attempt == tries:
                raise
            log.info("memgraph not accepting connections yet (%d/%d)", attempt, tries)
            time.sleep(pause)
            pause = min(pause * 1.8, 6.0)


def run_with_retry(session: Session, query: str, **params) -> list:
    for attempt in range(5):
        try:
            return list(session.run(query, **params))
        except TransientError as exc:
            # Memgraph reports write-write conflicts as transient errors
            wait = 0.2 * (2 ** attempt)
            log.warning("transient error (%s), retrying in %.1fs", exc.code, wait)
            time.sleep(wait)
    return list(session.run(query, **params))


def check_fixtures() -> list[str]:
    missing = [name for name in LOADS if not (FIXTURE_DIR / name).is_file()]
    return missing


def load_all(session: Session) -> dict[str, float]:
    timings = {}
    for name, query in LOADS.items():
        started = time.perf_counter()
        run_with_retry(session, query, file=f"{CONTAINER_IMPORT}/{name}")
        timings[name] = time.perf_counter() - started
        log.info("%-14s loaded in %.2fs", name, timings[name])
    return timings


def report(session: Session) -> None:
    for label, query in REPORT_QUERIES.items():
        rows = run_with_retry(session, query)
        value = rows[0]["n"] if rows else None
        print(f"  {label:<40} {value}")
    counts = run_with_retry(session, "MATCH (n) RETURN labels(n)[0] AS label, count(*) AS n ORDER BY label")
    for row in counts:
        print(f"  {row['label']:<40} {row['n']}")


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser(description="load supply-network fixtures into Memgraph")
    parser.add_argument("--drop-all", action="store_true", help="delete every node of the LOCAL dev instance first")
    parser.add_argument("--analytical", action="store_true", help="use IN_MEMORY_ANALYTICAL during the load")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO, format="%(levelname)s %(message)s")

    missing = check_fixtures()
    if missing:
        log.error("fixtures missing in %s: %s", FIXTURE_DIR.relative_to(REPO), ", ".join(missing))
        return 2

    cfg = settings()
    uri = cfg["MEMGRAPH_URI"]
    if (args.drop_all or args.analytical) and not is_dev_instance(uri):
        log.error("%s is not the local dev container; refusing --drop-all/--analytical", uri)
        return 2

    with session_for(uri, cfg["MEMGRAPH_USER"], cfg["MEMGRAPH_PASSWORD"]) as session:
        if args.drop_all:
            log.warning("emptying dev instance at %s", uri)
            run_with_retry(session, "MATCH (n) DETACH DELETE n")
        for statement in INDEXES:
            try:
                run_with_retry(session, statement)
            except Exception as exc:  # existing constraint -> Memgraph raises a client error
                log.debug("skip %s (%s)", statement, exc)
        if args.analytical:
            run_with_retry(session, "STORAGE MODE IN_MEMORY_ANALYTICAL;")
        try:
            timings = load_all(session)
        finally:
            if args.analytical:
                run_with_retry(session, "STORAGE MODE IN_MEMORY_TRANSACTIONAL;")
        print(f"loaded {len(timings)} files in {sum(timings.values()):.1f}s")
        report(session)
    return 0


if __name__ == "__main__":
    sys.exit(main())
