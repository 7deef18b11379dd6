#!/usr/bin/env python3
"""Import an OSM extract into the local PostGIS dev database for the stop-accessibility study.

Pipeline (all local):
  1. osmium tags-filter: keep highways, footways, public_transport, railway stations
  2. osm2pgsql --create --slim with the flex style in flex/accessibility.lua into the
     database named in config/db.ini [dev] (default osm_access_dev on localhost)
  3. post-processing SQL from sql/post/*.sql through psql -v ON_ERROR_STOP=1
  4. row counts per table written to build/import-report.json

Because osm2pgsql --create replaces the tables it manages, the script only accepts a
database whose name ends in _dev or _test and whose host is localhost / a unix socket.
The filtered PBF is a temporary file that is always removed.
"""
import argparse
import configparser
import getpass
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TOP = Path(__file__).resolve().parents[1]
FILTER_EXPRESSIONS = [
    "nwr/highway",
    "nwr/public_transport",
    "nwr/railway=station,halt,tram_stop,subway_entrance",
    "nwr/amenity=bus_station",
    "w/footway",
]
SAFE_HOSTS = {"", "localhost", "127.0.0.1", "/var/run/postgresql", "/tmp"}


def db_settings(section):
    ini = configparser.ConfigParser()
    ini.read(TOP / "config" / "db.ini")
    if not ini.has_section(section):
        ini[section] = {}
    s = ini[section]
    return {
        "dbname": s.get("dbname", "osm_access_dev"),
        "host": s.get("host", "localhost"),
        "port": s.get("port", "5432"),
        "user": s.get("user", getpass.getuser()),
    }


def guard(db):
    if db["host"] not in SAFE_HOSTS:
        raise SystemExit(f"refusing: host {db['host']} is not local")
    if not db["dbname"].endswith(("_dev", "_test")):
        raise SystemExit(f"refusing: {db['dbname']} is not a _dev/_test database")


def run(argv, **kw):
    print("$", " ".join(argv), flush=True)
    started = time.monotonic()
    subprocess.run(argv, check=True, **kw)
    return time.monotonic() - started


def pg_env(db):
    env = dict(os.environ)
    env.update({"PGHOST": db["host"], "PGPORT": db["port"], "PGUSER": db["user"], "PGDATABASE": db["dbname"]})
    # the password, if any, comes from ~/.pgpass as usual; nothing is stored here
    return env


def ensure_database(db):
    env = pg_env(db)
    exists = subprocess.run(
        ["psql", "-d", "postgres", "-Atc", f"select 1 from pg_database where datname = '{db['dbname']}'"],
        env=env, capture_output=True, text=True, check=True,
    ).stdout.strip()
    if not exists:
        run(["createdb", db["dbname"]], env=env)
    run(["psql", "-v", "ON_ERROR_STOP=1", "-c",
         "create extension if not exists postgis; create extension if not exists hstore;"], env=env)


def filter_extract(src, dest):
    return run(["osmium", "tags-filter", "--overwrite", "-o", str(dest), str(src), *FILTER_EXPRESSIONS])


def import_osm(db, pbf, cache_mb, procs):
    style = TOP / "flex" / "accessibility.lua"
    argv = ["osm2pgsql", "--create", "--slim", "--output=flex", f"--style={style}",
            f"--cache={cache_mb}", f"--number-processes={procs}",
            "-d", db["dbname"], "-H", db["host"] or "localhost", "-P", db["port"], "-U", db["user"], str(pbf)]
    return run(argv, env=pg_env(db))


def post_process(db):
    timings = {}
    for sql in sorted((TOP / "sql" / "post").glob("*.sql")):
        timings[sql.name] = run(["psql", "-v", "ON_ERROR_STOP=1", "-f", str(sql)], env=pg_env(db))
    return timings


def table_counts(db):
    query = ("select relname, n_live_tup from pg_stat_user_tables "
             "where schemaname = 'public' order by relname")
    out = subprocess.run(["psql", "-Atc", query, "-F", "\t"], env=pg_env(db),
                         text=True, capture_output=True, check=True).stdout
    counts = {}
    for line in out.splitlines():
        name, _, n = line.partition("\t")
        counts[name] = int(n or 0)
    return counts


def analyze(db):
    run(["psql", "-c", "analyze"], env=pg_env(db))


def sanity_checks(counts):
    """Catch silent failures: a flex style typo produces empty tables, not an error."""
    expected_non_empty = ["stops", "footways", "platforms", "stations"]
    problems = []
    for table in expected_non_empty:
        if counts.get(table, 0) == 0:
            problems.append(f"table {table} is empty")
    if counts.get("footways", 0) and counts.get("stops", 0):
        ratio = counts["footways"] / counts["stops"]
        if ratio < 1:
            problems.append(f"only {ratio:.2f} footways per stop; is the bbox too small?")
    return problems


def previous_report():
    path = TOP / "build" / "import-report.json"
    if not path.exists():
        return None
    try:
        return json.loads(path.read_text())
    except json.JSONDecodeError:
        return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pbf", type=Path, help="OSM extract, e.g. data/raw/bern.osm.pbf")
    ap.add_argument("--section", default="dev", help="section of config/db.ini")
    ap.add_argument("--cache", type=int, default=2000, help="osm2pgsql cache in MB")
    ap.add_argument("--procs", type=int, default=max(1, (os.cpu_count() or 2) // 2))
    ap.add_argument("--skip-post", action="store_true")
    args = ap.parse_args()

    for tool in ("osmium", "osm2pgsql", "psql", "createdb"):
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} not installed")
    if not args.pbf.exists():
        raise SystemExit(f"{args.pbf} not found")
    db = db_settings(args.section)
    guard(db)
    ensure_database(db)

    report = {"source": str(args.pbf), "database": db["dbname"], "timings": {}}
    with tempfile.TemporaryDirectory(prefix="osm-filter-") as tmp:
        filtered = Path(tmp) / "filtered.osm.pbf"
        report["timings"]["filter"] = filter_extract(args.pbf, filtered)
        report["filtered_bytes"] = filtered.stat().st_size
        report["timings"]["import"] = import_osm(db, filtered, args.cache, args.procs)
    if not args.skip_post:
        report["timings"]["post"] = post_process(db)
    analyze(db)
    before = previous_report()
    report["tables"] = table_counts(db)
    report["problems"] = sanity_checks(report["tables"])
    for problem in report["problems"]:
        print(f"warning: {problem}")
    if before:
        for name, n in report["tables"].items():
            old = before.get("tables", {}).get(name)
            if old and abs(n - old) / old > 0.2:
                print(f"note: {name} changed from {old} to {n} rows")

    out = TOP / "build" / "import-report.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2))
    width = max((len(t) for t in report["tables"]), default=10)
    for name, n in report["tables"].items():
        print(f"{name:<{width}}  {n:>10}")
    print(f"report: {out.relative_to(TOP)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
