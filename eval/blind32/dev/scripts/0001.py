#!/usr/bin/env python3
"""Apply CQL migrations in migrations/cql/ to the local development keyspace.

Each file is named NNNN_description.cql. Applied versions are recorded in the
table <keyspace>.schema_migrations together with a checksum of the file so that
an edited, already-applied migration is reported instead of silently skipped.

Usage:
    python tools/cql_migrate.py                 # show pending migrations
    python tools/cql_migrate.py --apply         # apply pending migrations
    python tools/cql_migrate.py --reset --yes   # drop + recreate the DEV keyspace

The --reset path refuses to run unless the keyspace name ends with _dev or _test
and the contact point is a loopback address.  Production keyspaces are managed
by the platform team's pipeline, never by this script.
"""
from __future__ import annotations

import argparse
import hashlib
import logging
import os
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from cassandra.auth import PlainTextAuthProvider
from cassandra.cluster import Cluster, NoHostAvailable
from cassandra.query import SimpleStatement

REPO_ROOT = Path(__file__).resolve().parents[1]
MIGRATIONS_DIR = REPO_ROOT / "migrations" / "cql"
ENV_FILE = REPO_ROOT / ".env"
FILENAME_RE = re.compile(r"^(\d{4})_([a-z0-9_]+)\.cql$")
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}
SAFE_SUFFIXES = ("_dev", "_test")

log = logging.getLogger("cql_migrate")


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    path: Path

    @property
    def checksum(self) -> str:
        return hashlib.sha256(self.path.read_bytes()).hexdigest()[:16]

    def statements(self) -> list[str]:
        text = self.path.read_text(encoding="utf-8")
        # strip "--" and "//" comments, then split on semicolons at line ends
        cleaned = []
        for line in text.splitlines():
            stripped = line.strip()
            if stripped.startswith("--") or stripped.startswith("//"):
                continue
            cleaned.append(line)
        body = "\n".join(cleaned)
        return [chunk.strip() for chunk in re.split(r";\s*\n", body) if chunk.strip()]


def load_env(path: Path) -> dict[str, str]:
    values: dict[str, str] = {}
    if not path.exists():
        return values
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        values[key.strip()] = value.strip().strip('"').strip("'")
    return values


def discover(directory: Path) -> list[Migration]:
    found = []
    for entry in sorted(directory.iterdir()):
        match = FILENAME_RE.match(entry.name)
        if not match:
            if entry.suffix == ".cql":
                log.warning("ignoring badly named migration %s", entry.name)
            continue
        found.append(Migration(int(match.group(1)), match.group(2), entry))
    versions = [m.version for m in found]
    if len(versions) != len(set(versions)):
        raise SystemExit("duplicate migration version numbers in migrations/cql")
    return found


def connect(hosts: list[str], port: int, user: str | None, password: str | None):
    auth = PlainTextAuthProvider(user, password) if user else None
    delay = 1.0
    for attempt in range(1, 6):
        try:
            cluster = Cluster(hosts, port=port, auth_provider=auth, connect_timeout=5)
            return cluster, cluster.connect()
        except NoHostAvailable as exc:
            log.info("cassandra not ready (attempt %d): %s", attempt, exc)
            time.sleep(delay)
            delay = min(delay * 2, 10)
    raise SystemExit("could not reach cassandra at %s:%d" % (",".join(hosts), port))


def ensure_keyspace(session, keyspace: str, replication: int) -> None:
    session.execute(
        "CREATE KEYSPACE IF NOT EXISTS %s WITH replication = "
        "{'class': 'SimpleStrategy', 'replication_factor': %d}" % (keyspace, replication)
    )
    session.execute(
        "CREATE TABLE IF NOT EXISTS %s.schema_migrations ("
        "version int PRIMARY KEY, name text, checksum text, applied_at timestamp)" % keyspace
    )


def applied_versions(session, keyspace: str) -> dict[int, str]:
    rows = session.execute("SELECT version, checksum FROM %s.schema_migrations" % keyspace)
    return {row.version: row.checksum for row in rows}


def apply_one(session, keyspace: str, migration: Migration) -> None:
    session.set_keyspace(keyspace)
    for statement in migration.statements():
        log.debug("executing: %s", statement.splitlines()[0][:80])
        session.execute(SimpleStatement(statement, consistency_level=None), timeout=60)
    session.execute(
        "INSERT INTO %s.schema_migrations (version, name, checksum, applied_at) "
        "VALUES (%%s, %%s, %%s, toTimestamp(now()))" % keyspace,
        (migration.version, migration.name, migration.checksum),
    )


def reset_keyspace(session, keyspace: str, hosts: list[str]) -> None:
    # Guard: only loopback contact points and keyspaces that are clearly disposable.
    if not keyspace.endswith(SAFE_SUFFIXES):
        raise SystemExit(f"refusing to drop {keyspace!r}: name must end with _dev or _test")
    if not set(hosts) <= LOCAL_HOSTS:
        raise SystemExit(f"refusing to drop {keyspace!r} on non-local hosts {hosts}")
    log.warning("dropping keyspace %s on %s", keyspace, hosts)
    session.execute(f"DROP KEYSPACE IF EXISTS {keyspace}", timeout=120)


def parse_args(argv: list[str]) -> argparse.Namespace:
    env = load_env(ENV_FILE)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hosts", default=env.get("CASSANDRA_HOSTS", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(env.get("CASSANDRA_PORT", "9042")))
    parser.add_argument("--keyspace", default=env.get("CASSANDRA_KEYSPACE", "orders_dev"))
    parser.add_argument("--user", default=env.get("CASSANDRA_USER"))
    parser.add_argument("--password", default=env.get("CASSANDRA_PASSWORD"))
    parser.add_argument("--replication", type=int, default=1)
    parser.add_argument("--apply", action="store_true", help="apply pending migrations")
    parser.add_argument("--reset", action="store_true", help="drop and recreate the dev keyspace")
    parser.add_argument("--yes", action="store_true", help="confirm --reset")
    parser.add_argument("--target", type=int, help="stop after this version")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)-7s %(message)s",
    )
    hosts = [h.strip() for h in args.hosts.split(",") if h.strip()]
    migrations = discover(MIGRATIONS_DIR)
    if args.target is not None:
        migrations = [m for m in migrations if m.version <= args.target]

    cluster, session = connect(hosts, args.port, args.user, args.password)
    try:
        if args.reset:
            if not args.yes:
                log.error("--reset needs --yes")
                return 2
            reset_keyspace(session, args.keyspace, hosts)

        ensure_keyspace(session, args.keyspace, args.replication)
        done = applied_versions(session, args.keyspace)

        drifted = [m for m in migrations if m.version in done and done[m.version] != m.checksum]
        for m in drifted:
            log.warning("migration %04d_%s changed after it was applied", m.version, m.name)

        pending = [m for m in migrations if m.version not in done]
        if not pending:
            log.info("keyspace %s is up to date (%d applied)", args.keyspace, len(done))
            return 1 if drifted else 0

        for m in pending:
            log.info("pending: %04d_%s", m.version, m.name)
        if not args.apply:
            log.info("dry run; re-run with --apply to execute %d migration(s)", len(pending))
            return 0

        for m in pending:
            started = time.monotonic()
            apply_one(session, args.keyspace, m)
            log.info("applied %04d_%s in %.1fs", m.version, m.name, time.monotonic() - started)
        return 0
    finally:
        cluster.shutdown()


if __name__ == "__main__":
    os.chdir(REPO_ROOT)
    sys.exit(main(sys.argv[1:]))
