#!/usr/bin/env python3
"""Liquibase wrapper for the CRM service's developer databases.

Sub-commands mirror the ones the team uses every day:

    python ops/lb.py status            pending changesets
    python ops/lb.py update            apply them
    python ops/lb.py rollback 3        roll back the last three changesets
    python ops/lb.py drop-all --force  wipe the developer database completely

Connection details come from ops/liquibase.dev.properties and can be
overridden with LB_URL. Anything that changes data refuses to touch a
database that does not live on this laptop or in the compose network.
"""
from __future__ import annotations

import argparse
import configparser
import getpass
import io
import os
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parent
PROPS_FILE = HERE / "liquibase.dev.properties"
CHANGELOG = "db/changelog/root.yaml"
LOG_DIR = PROJECT / "build" / "liquibase"
SAFE_HOSTS = frozenset({"localhost", "127.0.0.1", "mysql", "crm-db"})
JDBC_RE = re.compile(r"^jdbc:(?P<vendor>\w+)://(?P<host>[^:/]+)(?::(?P<port>\d+))?/(?P<db>[^?]+)")


def read_properties(path: Path) -> dict[str, str]:
    """Liquibase .properties files have no section header; add one for configparser."""
    if not path.exists():
        return {}
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=", ":"))
    parser.optionxform = str
    parser.read_file(io.StringIO("[lb]\n" + path.read_text(encoding="utf-8")))
    return dict(parser["lb"])


class Connection:
    def __init__(self, url: str, username: str, password: str):
        match = JDBC_RE.match(url)
        if not match:
            raise SystemExit(f"cannot parse JDBC URL {url!r}")
        self.url = url
        self.vendor = match.group("vendor")
        self.host = match.group("host").lower()
        self.port = int(match.group("port") or 3306)
        self.database = match.group("db")
        self.username = username
        self.password = password

    @property
    def local(self) -> bool:
        return self.host in SAFE_HOSTS

    def describe(self) -> str:
        return f"{self.vendor}://{self.username}@{self.host}:{self.port}/{self.database}"


def connection_from_settings() -> Connection:
    props = read_properties(PROPS_FILE)
    url = os.environ.get("LB_URL") or props.get("url", "")
    user = os.environ.get("LB_USER") or props.get("username", getpass.getuser())
    password = os.environ.get("LB_PASSWORD") or props.get("password", "")
    if not url:
        raise SystemExit(f"no url in {PROPS_FILE.name} and LB_URL is not set")
    return Connection(url, user, password)


def guard(conn: Connection, action: str) -> None:
    if not conn.local:
        raise SystemExit(
            f"'{action}' is only allowed on developer databases; {conn.host} is not one "
            f"(known local hosts: {', '.join(sorted(SAFE_HOSTS))})"
        )


def liquibase_argv(conn: Connection, *command: str) -> list[str]:
    binary = os.environ.get("LIQUIBASE_BIN", "liquibase")
    return [
        binary,
        f"--changelog-file={CHANGELOG}",
        f"--url={conn.url}",
        f"--username={conn.username}",
        f"--password={conn.password}",
        "--log-level=WARNING",
        *command,
    ]


def printable(argv: list[str]) -> str:
    shown = [a if not a.startswith("--password=") else "--password=****" for a in argv]
    return shlex.join(shown)


def call(conn: Connection, *command: str, capture: bool = False) -> subprocess.CompletedProcess:
    argv = liquibase_argv(conn, *command)
    print(">", printable(argv), flush=True)
    LOG_DIR.mkdir(parents=True, exist_ok=True)
    started = time.time()
    proc = subprocess.run(argv, cwd=PROJECT, text=True, capture_output=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    (LOG_DIR / f"{stamp}-{command[0]}.log").write_text(proc.stdout + proc.stderr, encoding="utf-8")
    if not capture:
        sys.stdout.write(proc.stdout)
        sys.stderr.write(proc.stderr)
    print(f"  ({command[0]} took {time.time() - started:.1f}s, exit {proc.returncode})")
    return proc


def wait_until_reachable(conn: Connection, seconds: int = 45) -> None:
    import socket

    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            with socket.create_connection((conn.host, conn.port), timeout=2):
                return
        except OSError:
            time.sleep(1.5)
    raise SystemExit(f"{conn.host}:{conn.port} unreachable; is `docker compose up -d crm-db` running?")


def pending_changesets(conn: Connection) -> list[str]:
    proc = call(conn, "status", "--verbose", capture=True)
    lines = [l.strip() for l in proc.stdout.splitlines()]
    return [l for l in lines if l.count("::") == 2]


def tidy_logs(keep: int = 30) -> None:
    if not LOG_DIR.exists():
        return
    logs = sorted(LOG_DIR.glob("*.log"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in logs[keep:]:
        old.unlink()


def do_status(conn: Connection, _args: argparse.Namespace) -> int:
    pending = pending_changesets(conn)
    print(f"{len(pending)} pending changeset(s) on {conn.describe()}")
    for item in pending:
        print("   ", item)
    return 0


def do_update(conn: Connection, _args: argparse.Namespace) -> int:
    guard(conn, "update")
    before = pending_changesets(conn)
    if not before:
        print("nothing to apply")
        return 0
    proc = call(conn, "update")
    if proc.returncode == 0:
        call(conn, "tag", f"--tag=dev-{time.strftime('%Y%m%d%H%M%S')}")
    return proc.returncode


def do_rollback(conn: Connection, args: argparse.Namespace) -> int:
    guard(conn, "rollback")
    return call(conn, "rollback-count", f"--count={args.count}").returncode


def do_drop_all(conn: Connection, args: argparse.Namespace) -> int:
    guard(conn, "drop-all")
    if not args.force:
        reply = input(f"drop EVERY object in {conn.describe()}? type the database name: ")
        if reply.strip() != conn.database:
            print("not confirmed")
            return 1
    code = call(conn, "drop-all").returncode
    if code == 0 and args.reapply:
        code = call(conn, "update").returncode
    return code


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="lb.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("status")
    sub.add_parser("update")
    rb = sub.add_parser("rollback")
    rb.add_argument("count", type=int)
    drop = sub.add_parser("drop-all")
    drop.add_argument("--force", action="store_true")
    drop.add_argument("--reapply", action="store_true", help="run update afterwards")
    args = parser.parse_args(argv)

    conn = connection_from_settings()
    print(f"database: {conn.describe()} ({'local' if conn.local else 'NOT local'})")
    wait_until_reachable(conn)
    handlers = {"status": do_status, "update": do_update, "rollback": do_rollback, "drop-all": do_drop_all}
    try:
        return handlers[args.cmd](conn, args)
    finally:
        tidy_logs()


if __name__ == "__main__":
    sys.exit(main())
