#!/usr/bin/env python3
"""Load CSV/JSON fixtures into a throwaway CockroachDB node for integration tests.

The loader starts `cockroach start-single-node` in a temporary store directory
(unless --url points at an already running local node), creates the database,
applies db/schema.sql and then bulk-inserts every file under fixtures/crdb/.
When it started the node itself it stops that node again on exit, and removes
the temporary store.
"""
import argparse
import csv
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from contextlib import closing
from pathlib import Path

import psycopg2
from psycopg2.extras import execute_values

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures" / "crdb"
SCHEMA = ROOT / "db" / "schema.sql"
BATCH = 500


def free_port() -> int:
    with closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LocalNode:
    """A single insecure node bound to loopback, owned by this process."""

    def __init__(self, binary: str, keep: bool):
        self.binary = binary
        self.keep = keep
        self.store = Path(tempfile.mkdtemp(prefix="crdb-fixtures-"))
        self.sql_port = free_port()
        self.http_port = free_port()
        self.proc = None

    @property
    def url(self) -> str:
        return f"postgresql://root@127.0.0.1:{self.sql_port}/defaultdb?sslmode=disable"

    def start(self) -> None:
        argv = [
            self.binary, "start-single-node", "--insecure",
            f"--listen-addr=127.0.0.1:{self.sql_port}",
            f"--http-addr=127.0.0.1:{self.http_port}",
            f"--store=path={self.store}",
            "--cache=256MiB", "--max-sql-memory=256MiB",
        ]
        log_path = self.store / "stdout.log"
        self.log = open(log_path, "w")
        self.proc = subprocess.Popen(argv, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.time() + 60
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"cockroach exited early, see {log_path}")
            try:
                with closing(psycopg2.connect(self.url, connect_timeout=2)):
                    return
            except psycopg2.OperationalError:
                time.sleep(0.5)
        raise RuntimeError("cockroach did not accept connections within 60s")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            # only the process we spawned above
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if getattr(self, "log", None):
            self.log.close()
        if self.keep:
            print(f"keeping store at {self.store}")
        else:
            shutil.rmtree(self.store, ignore_errors=True)


def read_rows(path: Path):
    if path.suffix == ".csv":
        with path.open(newline="", encoding="utf-8") as fh:
            reader = csv.DictReader(fh)
            rows = list(reader)
            return reader.fieldnames or [], [[r[c] or None for c in reader.fieldnames] for r in rows]
    if path.suffix == ".json":
        data = json.loads(path.read_text(encoding="utf-8"))
        if not data:
            return [], []
        columns = sorted({k for item in data for k in item})
        return columns, [[item.get(c) for c in columns] for item in data]
    raise ValueError(f"unsupported fixture type: {path.name}")


def ordered_fixtures(directory: Path) -> list:
    """Files are prefixed with a number so parents load before children."""
    files = [p for p in directory.iterdir() if p.suffix in (".csv", ".json")]
    return sorted(files, key=lambda p: (p.name.split("_", 1)[0], p.name))


def table_name(path: Path) -> str:
    stem = path.stem
    return stem.split("_", 1)[1] if "_" in stem and stem.split("_", 1)[0].isdigit() else stem


def load(url: str, database: str, truncate: bool) -> dict:
    counts = {}
    conn = psycopg2.connect(url)
    conn.autocommit = True
    with conn.cursor() as cur:
        cur.execute(f"CREATE DATABASE IF NOT EXISTS {database}")
        cur.execute(f"SET DATABASE = {database}")
        cur.execute(SCHEMA.read_text(encoding="utf-8"))
        for path in ordered_fixtures(FIXTURES):
            table = table_name(path)
            columns, rows = read_rows(path)
            if not rows:
                counts[table] = 0
                continue
            if truncate:
                cur.execute(f"TRUNCATE TABLE {table} CASCADE")
            cols = ", ".join(columns)
            for start in range(0, len(rows), BATCH):
                chunk = rows[start:start + BATCH]
                execute_values(cur, f"UPSERT INTO {table} ({cols}) VALUES %s", chunk)
            counts[table] = len(rows)
    conn.close()
    return counts


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--url", help="use an existing local node instead of starting one")
    ap.add_argument("--database", default="ledger_test")
    ap.add_argument("--binary", default=shutil.which("cockroach") or "cockroach")
    ap.add_argument("--keep", action="store_true", help="keep the temporary store and node")
    ap.add_argument("--truncate", action="store_true",
                    help="truncate each fixture table before loading (test database only)")
    ap.add_argument("--summary", type=Path, default=ROOT / "build" / "fixture-summary.json")
    args = ap.parse_args()

    if args.truncate and not args.database.endswith("_test"):
        print("--truncate is only allowed on *_test databases", file=sys.stderr)
        return 2
    if args.url and "127.0.0.1" not in args.url and "localhost" not in args.url:
        print("refusing to load fixtures into a non-local node", file=sys.stderr)
        return 2

    node = None
    url = args.url
    if not url:
        node = LocalNode(args.binary, keep=args.keep)

        def on_signal(signum, _frame):
            node.stop()
            sys.exit(128 + signum)

        signal.signal(signal.SIGINT, on_signal)
        signal.signal(signal.SIGTERM, on_signal)
        node.start()
        url = node.url
        print(f"started local node on 127.0.0.1:{node.sql_port}")

    try:
        counts = load(url, args.database, args.truncate)
    finally:
        if node and not args.keep:
            node.stop()

    args.summary.parent.mkdir(parents=True, exist_ok=True)
    tmp = args.summary.with_suffix(".tmp")
    tmp.write_text(json.dumps({"database": args.database, "tables": counts}, indent=2))
    os.replace(tmp, args.summary)
    width = max((len(t) for t in counts), default=5)
    for table, n in counts.items():
        print(f"{table:<{width}}  {n:>7}")
    print(f"loaded {sum(counts.values())} rows into {args.database}")
    if node and args.keep:
        print(f"node still running (pid {node.proc.pid}); url: {url}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
