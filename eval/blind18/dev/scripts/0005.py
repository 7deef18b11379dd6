#!/usr/bin/env python3
"""Reset the local development database for the Orders API.

Reads the connection settings from the project's .env (same file docker compose
and `dotnet run` use), refuses to touch anything that is not a local server,
drops and recreates the database, applies EF Core migrations and loads the seed
fixtures. Meant for `make db-reset`.
"""
import argparse
import ipaddress
import os
import shlex
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

PROJECT = Path(__file__).resolve().parents[1]
ENV_FILE = PROJECT / ".env"
DATA_PROJECT = PROJECT / "src" / "Orders.Data"
STARTUP_PROJECT = PROJECT / "src" / "Orders.Api"
SEED_DIR = PROJECT / "db" / "seed"
LOCAL_HOSTNAMES = {"localhost", "db", "postgres", "orders-db"}  # compose service names


def load_env(path: Path) -> dict:
    values = {}
    if not path.exists():
        return values
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        key = key.strip().removeprefix("export ").strip()
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key] = value
    return values


def is_local_host(host: str) -> bool:
    if host in LOCAL_HOSTNAMES:
        return True
    try:
        addr = ipaddress.ip_address(host)
    except ValueError:
        try:
            addr = ipaddress.ip_address(socket.gethostbyname(host))
        except OSError:
            return False
    return addr.is_loopback


def parse_database_url(url: str) -> dict:
    parsed = urlparse(url)
    if parsed.scheme not in ("postgres", "postgresql"):
        raise SystemExit(f"unsupported scheme {parsed.scheme!r} in DATABASE_URL")
    return {
        "host": parsed.hostname or "localhost",
        "port": str(parsed.port or 5432),
        "user": parsed.username or "postgres",
        "password": parsed.password or "",
        "dbname": parsed.path.lstrip("/") or "orders_dev",
    }


def pg_env(conn: dict) -> dict:
    env = dict(os.environ)
    env.update({
        "PGHOST": conn["host"],
        "PGPORT": conn["port"],
        "PGUSER": conn["user"],
        "PGPASSWORD": conn["password"],
    })
    return env


def run(argv, env=None, cwd=PROJECT, check=True):
    printable = " ".join(shlex.quote(a) for a in argv)
    print(f"$ {printable}")
    return subprocess.run(argv, env=env, cwd=cwd, check=check)


def wait_for_server(conn: dict, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        probe = subprocess.run(["pg_isready", "-h", conn["host"], "-p", conn["port"]],
                               capture_output=True)
        if probe.returncode == 0:
            return
        time.sleep(1)
    raise SystemExit(f"postgres at {conn['host']}:{conn['port']} is not ready")


def ensure_compose_up(service: str) -> None:
    ps = subprocess.run(["docker", "compose", "ps", "--status", "running", "-q", service],
                        cwd=PROJECT, capture_output=True, text=True)
    if ps.stdout.strip():
        return
    run(["docker", "compose", "up", "-d", service])


def terminate_connections(conn: dict, env: dict) -> None:
    sql = ("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
           f"WHERE datname = '{conn['dbname']}' AND pid <> pg_backend_pid();")
    run(["psql", "-d", "postgres", "-v", "ON_ERROR_STOP=1", "-qc", sql], env=env, check=False)


def recreate(conn: dict, env: dict) -> None:
    terminate_connections(conn, env)
    run(["dropdb", "--if-exists", conn["dbname"]], env=env)
    run(["createdb", "-O", conn["user"], conn["dbname"]], env=env)


def migrate(conn: dict) -> None:
    cs = (f"Host={conn['host']};Port={conn['port']};Database={conn['dbname']};"
          f"Username={conn['user']};Password={conn['password']}")
    run(["dotnet", "ef", "database", "update",
         "--project", str(DATA_PROJECT),
         "--startup-project", str(STARTUP_PROJECT),
         "--connection", cs])


def seed(conn: dict, env: dict, only: list) -> int:
    files = sorted(SEED_DIR.glob("*.sql"))
    if only:
        files = [f for f in files if any(tag in f.name for tag in only)]
    for sql_file in files:
        run(["psql", "-d", conn["dbname"], "-v", "ON_ERROR_STOP=1", "-q", "-f", str(sql_file)],
            env=env)
    return len(files)


def confirm(conn: dict, assume_yes: bool) -> None:
    if assume_yes:
        return
    answer = input(f"Drop and recreate {conn['dbname']} on {conn['host']}:{conn['port']}? [y/N] ")
    if answer.strip().lower() not in ("y", "yes"):
        raise SystemExit("aborted")


def main() -> int:
    ap = argparse.ArgumentParser(description="reset the local orders database")
    ap.add_argument("-y", "--yes", action="store_true")
    ap.add_argument("--no-seed", action="store_true")
    ap.add_argument("--only", nargs="*", default=[], help="seed files containing these tags")
    ap.add_argument("--compose-service", default="orders-db")
    ap.add_argument("--timeout", type=float, default=30.0)
    args = ap.parse_args()

    env_values = load_env(ENV_FILE)
    url = os.environ.get("DATABASE_URL") or env_values.get("DATABASE_URL")
    if not url:
        print("DATABASE_URL not set in the environment or .env", file=sys.stderr)
        return 2
    conn = parse_database_url(url)

    if not is_local_host(conn["host"]):
        print(f"refusing: {conn['host']} is not a local database host", file=sys.stderr)
        return 3
    if env_values.get("ASPNETCORE_ENVIRONMENT", "Development") != "Development":
        print("refusing: .env is not a Development environment", file=sys.stderr)
        return 3

    if conn["host"] in LOCAL_HOSTNAMES - {"localhost"}:
        ensure_compose_up(args.compose_service)
    confirm(conn, args.yes)
    env = pg_env(conn)
    wait_for_server(conn, args.timeout)
    started = time.monotonic()
    recreate(conn, env)
    migrate(conn)
    loaded = 0 if args.no_seed else seed(conn, env, args.only)
    print(f"database {conn['dbname']} reset, {loaded} seed file(s), "
          f"{time.monotonic() - started:.1f}s")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except subprocess.CalledProcessError as exc:
        print(f"step failed with exit code {exc.returncode}", file=sys.stderr)
        sys.exit(exc.returncode)
    except KeyboardInterrupt:
        sys.exit(130)
