#!/usr/bin/env python3
"""Load the fixture graph (people, films, reviews) into the local dev Neo4j.

Usage:
    python scripts/load_graph.py                 # load into bolt://localhost:7687
    python scripts/load_graph.py --reset         # wipe the dev database first
    python scripts/load_graph.py --dry-run       # print the statements only

The connection settings come from the project's .env (NEO4J_URI, NEO4J_USER,
NEO4J_PASSWORD). The reset step is refused for anything that is not a local
host, because the same .env format is used for the staging graph.
"""
from __future__ import annotations

import argparse
import csv
import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures" / "graph"
LOG = logging.getLogger("load_graph")

LOCAL_HOSTS = {"localhost", "127.0.0.1", "neo4j"}  # "neo4j" is the compose service
BATCH = 500

CONSTRAINTS = [
    "CREATE CONSTRAINT person_id IF NOT EXISTS FOR (p:Person) REQUIRE p.id IS UNIQUE",
    "CREATE CONSTRAINT film_id IF NOT EXISTS FOR (f:Film) REQUIRE f.id IS UNIQUE",
    "CREATE INDEX review_created IF NOT EXISTS FOR ()-[r:REVIEWED]-() ON (r.created)",
]

RESET = "MATCH (n) CALL { WITH n DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS"


def load_env(path: Path) -> dict[str, str]:
    """Tiny .env reader: KEY=VALUE lines, '#' comments, optional quotes."""
    values: dict[str, str] = {}
    if not path.exists():
        return values
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key.strip()] = value
    return values


def mask(secret: str) -> str:
    if not secret:
        return "<empty>"
    if len(secret) <= 4:
        return "****"
    return secret[:2] + "*" * (len(secret) - 4) + secret[-2:]


class CypherShell:
    """Runs statements through cypher-shell so we do not need the Python driver."""

    def __init__(self, uri: str, user: str, password: str, database: str, dry_run: bool):
        self.uri = uri
        self.user = user
        self.password = password
        self.database = database
        self.dry_run = dry_run

    def argv(self) -> list[str]:
        return [
            "cypher-shell",
            "-a", self.uri,
            "-u", self.user,
            "-d", self.database,
            "--format", "plain",
            "--non-interactive",
        ]

    def run(self, statement: str, attempts: int = 4) -> str:
        if self.dry_run:
            print(statement.strip().rstrip(";") + ";")
            return ""
        env = dict(os.environ, NEO4J_PASSWORD=self.password)
        delay = 1.0
        for attempt in range(1, attempts + 1):
            proc = subprocess.run(
                self.argv(),
                input=statement.rstrip(";") + ";\n",
                text=True,
                capture_output=True,
                env=env,
                check=False,
            )
            if proc.returncode == 0:
                return proc.stdout
            transient = "ServiceUnavailable" in proc.stderr or "Connection refused" in proc.stderr
            if not transient or attempt == attempts:
                raise RuntimeError(f"cypher-shell failed ({proc.returncode}): {proc.stderr.strip()}")
            LOG.warning("neo4j not ready (attempt %d/%d), retrying in %.1fs", attempt, attempts, delay)
            time.sleep(delay)
            delay *= 2
        return ""


def cypher_literal(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def rows_as_list(rows: list[dict]) -> str:
    parts = []
    for row in rows:
        fields = ", ".join(f"{k}: {cypher_literal(v)}" for k, v in row.items())
        parts.append("{" + fields + "}")
    return "[" + ", ".join(parts) + "]"


def read_csv(name: str) -> list[dict]:
    path = FIXTURES / name
    with path.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    for row in rows:
        for key in ("born", "released", "rating"):
            if key in row and row[key] != "":
                row[key] = int(row[key])
    LOG.info("read %d rows from %s", len(rows), path.relative_to(ROOT))
    return rows


def batches(rows: list[dict], size: int = BATCH):
    for start in range(0, len(rows), size):
        yield rows[start:start + size]


def load_people(shell: CypherShell) -> int:
    rows = read_csv("people.csv")
    for chunk in batches(rows):
        shell.run(
            f"UNWIND {rows_as_list(chunk)} AS row "
            "MERGE (p:Person {id: row.id}) SET p.name = row.name, p.born = row.born"
        )
    return len(rows)


def load_films(shell: CypherShell) -> int:
    rows = read_csv("films.csv")
    for chunk in batches(rows):
        shell.run(
            f"UNWIND {rows_as_list(chunk)} AS row "
            "MERGE (f:Film {id: row.id}) SET f.title = row.title, f.released = row.released"
        )
    return len(rows)


def load_edges(shell: CypherShell) -> int:
    acted = read_csv("acted_in.csv")
    reviews = read_csv("reviews.csv")
    for chunk in batches(acted):
        shell.run(
            f"UNWIND {rows_as_list(chunk)} AS row "
            "MATCH (p:Person {id: row.person}), (f:Film {id: row.film}) "
            "MERGE (p)-[r:ACTED_IN]->(f) SET r.roles = split(row.roles, '|')"
        )
    for chunk in batches(reviews):
        shell.run(
            f"UNWIND {rows_as_list(chunk)} AS row "
            "MATCH (p:Person {id: row.person}), (f:Film {id: row.film}) "
            "MERGE (p)-[r:REVIEWED]->(f) SET r.rating = row.rating, r.created = date(row.created)"
        )
    return len(acted) + len(reviews)


def ensure_local(uri: str) -> None:
    host = urlparse(uri).hostname or ""
    if host not in LOCAL_HOSTS:
        raise SystemExit(f"refusing --reset against {host!r}: only {sorted(LOCAL_HOSTS)} may be wiped")


def parse_args(argv: list[str]) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--env-file", default=str(ROOT / ".env"))
    ap.add_argument("--database", default="neo4j")
    ap.add_argument("--reset", action="store_true", help="delete every node in the LOCAL dev database first")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    env = load_env(Path(args.env_file))
    uri = env.get("NEO4J_URI", "bolt://localhost:7687")
    user = env.get("NEO4J_USER", "neo4j")
    password = env.get("NEO4J_PASSWORD", os.environ.get("NEO4J_PASSWORD", ""))
    LOG.info("target %s as %s (password %s)", uri, user, mask(password))

    shell = CypherShell(uri, user, password, args.database, args.dry_run)
    if args.reset:
        ensure_local(uri)
        LOG.warning("wiping dev database %s on %s", args.database, uri)
        shell.run(RESET)

    for statement in CONSTRAINTS:
        shell.run(statement)

    started = time.monotonic()
    counts = {
        "people": load_people(shell),
        "films": load_films(shell),
        "edges": load_edges(shell),
    }
    elapsed = time.monotonic() - started
    LOG.info("loaded %s in %.1fs", json.dumps(counts), elapsed)

    if not args.dry_run:
        summary = shell.run("MATCH (n) RETURN labels(n)[0] AS label, count(*) AS n ORDER BY label")
        print(summary.strip())
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except RuntimeError as exc:
        LOG.error("%s", exc)
        sys.exit(2)
