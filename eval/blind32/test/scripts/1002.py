#!/usr/bin/env python3
"""Spin up a throwaway YugabyteDB (yugabyted) and load the billing fixtures.

    python tools/yb_fixtures.py                 # start, load, keep running
    python tools/yb_fixtures.py --one-shot      # start, load, run pytest, stop
    python tools/yb_fixtures.py --stop          # stop the node started earlier

yugabyted runs with --base_dir under .yb-local/ inside the checkout and listens
on 127.0.0.1 only.  Fixtures are CSV files in fixtures/billing/ loaded with
COPY FROM STDIN through psycopg.  The script never connects anywhere else.
"""
import argparse
import csv
import io
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import psycopg

CHECKOUT = Path(__file__).resolve().parent.parent
BASE_DIR = CHECKOUT / ".yb-local"
FIXTURE_DIR = CHECKOUT / "fixtures" / "billing"
DDL = CHECKOUT / "db" / "yugabyte" / "schema.sql"
YSQL_PORT = 5433
DSN = f"host=127.0.0.1 port={YSQL_PORT} user=yugabyte dbname=yugabyte connect_timeout=3"


def yugabyted(*args, check=True):
    binary = shutil.which("yugabyted")
    if binary is None:
        sys.exit("yugabyted not found on PATH (see docs/dev/yugabyte.md)")
    argv = [binary, *args, "--base_dir", str(BASE_DIR)]
    print("$ " + " ".join(argv))
    return subprocess.run(argv, check=check, capture_output=True, text=True)


def node_running():
    result = yugabyted("status", check=False)
    return result.returncode == 0 and "Running" in result.stdout


def start_node(timeout):
    if node_running():
        print("node already running")
        return
    BASE_DIR.mkdir(exist_ok=True)
    yugabyted("start", "--advertise_address", "127.0.0.1",
              "--tserver_flags", "ysql_enable_packed_row=true",
              "--background", "true")
    deadline = time.monotonic() + timeout
    last_error = None
    while time.monotonic() < deadline:
        try:
            with psycopg.connect(DSN) as conn:
                conn.execute("SELECT 1")
                print("YSQL is accepting connections")
                return
        except psycopg.OperationalError as exc:
            last_error = exc
            time.sleep(2)
    sys.exit(f"node did not come up within {timeout}s: {last_error}")


def stop_node(destroy):
    if not BASE_DIR.exists():
        print("nothing to stop")
        return
    yugabyted("stop", check=False)
    if destroy:
        # .yb-local is this script's own data directory inside the checkout
        yugabyted("destroy", check=False)
        shutil.rmtree(BASE_DIR, ignore_errors=True)
        print(f"removed {BASE_DIR.relative_to(CHECKOUT)}")


def database_name(name):
    if not name.endswith(("_dev", "_test")):
        sys.exit(f"refusing to (re)create {name!r}: use a *_dev or *_test name")
    return name


def recreate_database(name):
    with psycopg.connect(DSN, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}" COLOCATION = true')


def fixture_order():
    files = sorted(FIXTURE_DIR.glob("*.csv"))
    if not files:
        sys.exit(f"no fixtures in {FIXTURE_DIR}")
    # file names carry a numeric prefix: 01_customers.csv before 02_invoices.csv
    return sorted(files, key=lambda p: int(p.name.split("_", 1)[0]))


def table_of(path):
    return path.stem.split("_", 1)[1]


def copy_csv(conn, path):
    table = table_of(path)
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.reader(fh)
        header = next(reader)
        buffer = io.StringIO()
        writer = csv.writer(buffer)
        rows = 0
        for row in reader:
            writer.writerow(["" if v == "NULL" else v for v in row])
            rows += 1
    columns = ", ".join(f'"{c}"' for c in header)
    with conn.cursor() as cur:
        with cur.copy(f'COPY "{table}" ({columns}) FROM STDIN WITH (FORMAT csv, NULL \'\')') as copy:
            copy.write(buffer.getvalue())
    return table, rows


def load(name):
    dsn = DSN.replace("dbname=yugabyte", f"dbname={name}")
    counts = {}
    with psycopg.connect(dsn) as conn:
        conn.execute(DDL.read_text(encoding="utf-8"))
        for path in fixture_order():
            table, rows = copy_csv(conn, path)
            counts[table] = rows
        conn.commit()
        for table in counts:
            actual = conn.execute(f'SELECT count(*) FROM "{table}"').fetchone()[0]
            if actual != counts[table]:
                sys.exit(f"{table}: loaded {counts[table]} rows but table has {actual}")
    return counts


def run_tests(name, extra):
    env = os.environ.copy()
    env["BILLING_DSN"] = f"postgresql://yugabyte@127.0.0.1:{YSQL_PORT}/{name}"
    argv = [sys.executable, "-m", "pytest", "tests/integration/billing", "-q", *extra]
    return subprocess.call(argv, cwd=CHECKOUT, env=env)


def summary(counts):
    width = max(len(t) for t in counts)
    for table, rows in counts.items():
        print(f"  {table:<{width}}  {rows:>6}")
    print(f"  {'total':<{width}}  {sum(counts.values()):>6}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.strip().split("\n")[0])
    ap.add_argument("--database", default="billing_test")
    ap.add_argument("--one-shot", action="store_true")
    ap.add_argument("--stop", action="store_true")
    ap.add_argument("--destroy", action="store_true", help="with --stop: also remove .yb-local")
    ap.add_argument("--timeout", type=int, default=180, help="seconds to wait for YSQL")
    ap.add_argument("pytest_args", nargs="*")
    args = ap.parse_args()

    if args.stop:
        stop_node(args.destroy)
        return 0

    name = database_name(args.database)
    start_node(args.timeout)
    try:
        recreate_database(name)
        counts = load(name)
        print(f"loaded fixtures into {name}:")
        summary(counts)
        if args.one_shot:
            return run_tests(name, args.pytest_args)
        print(f"node left running; DSN postgresql://yugabyte@127.0.0.1:{YSQL_PORT}/{name}")
        return 0
    finally:
        if args.one_shot:
            stop_node(destroy=True)


if __name__ == "__main__":
    sys.exit(main())
