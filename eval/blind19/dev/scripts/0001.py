#!/usr/bin/env python3
"""Run alembic migrations for the ledger service against a *local* database.

Used by `make db-migrate` and by the test fixtures. It refuses to touch any
database that is not on this machine: the shared staging and production
databases are migrated by the release pipeline, never from a laptop.

    python tools/migrate_local.py upgrade
    python tools/migrate_local.py downgrade --steps 1
    python tools/migrate_local.py reset --yes      # drop + recreate local db
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
ALEMBIC_INI = ROOT / "alembic.ini"
ENV_FILE = ROOT / ".env"
STATE_DIR = ROOT / ".cache" / "migrate"
LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1", "db"}  # "db" is the compose service
COMPOSE_FILE = ROOT / "docker-compose.yml"


class MigrationError(RuntimeError):
    pass


@dataclass
class Target:
    url: str
    scheme: str
    host: str
    port: int | None
    name: str

    @property
    def is_sqlite(self) -> bool:
        return self.scheme.startswith("sqlite")

    @property
    def is_local(self) -> bool:
        return self.is_sqlite or self.host in LOCAL_HOSTS

    def redacted(self) -> str:
        parsed = urlparse(self.url)
        if parsed.password:
            return self.url.replace(parsed.password, "***")
        return self.url


def read_dotenv(path: Path) -> dict[str, str]:
    """Tiny .env reader; we do not want python-dotenv in the tools venv."""
    values: dict[str, str] = {}
    if not path.exists():
        return values
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        value = value.strip().strip('"').strip("'")
        values[key.strip()] = value
    return values


def resolve_target(cli_url: str | None) -> Target:
    env = read_dotenv(ENV_FILE)
    url = cli_url or os.environ.get("DATABASE_URL") or env.get("DATABASE_URL")
    if not url:
        url = f"sqlite:///{ROOT / 'var' / 'dev.sqlite3'}"
    parsed = urlparse(url)
    name = parsed.path.lstrip("/") or "(default)"
    return Target(
        url=url,
        scheme=parsed.scheme,
        host=(parsed.hostname or "").lower(),
        port=parsed.port,
        name=name,
    )


def require_local(target: Target) -> None:
    if not target.is_local:
        raise MigrationError(
            f"refusing to run against {target.host!r}: this helper only migrates "
            "local databases (use the release pipeline for shared ones)"
        )


def run(argv: list[str], env: dict[str, str] | None = None, check: bool = True) -> int:
    print("+", " ".join(argv), flush=True)
    proc = subprocess.run(argv, cwd=ROOT, env=env)
    if check and proc.returncode != 0:
        raise MigrationError(f"{argv[0]} exited with {proc.returncode}")
    return proc.returncode


def alembic_env(target: Target) -> dict[str, str]:
    env = dict(os.environ)
    env["DATABASE_URL"] = target.url
    env.setdefault("PYTHONPATH", str(ROOT / "src"))
    return env


def alembic(target: Target, *args: str) -> None:
    argv = [sys.executable, "-m", "alembic", "-c", str(ALEMBIC_INI), *args]
    run(argv, env=alembic_env(target))


def wait_for_postgres(target: Target, timeout: float = 30.0) -> None:
    if target.is_sqlite:
        return
    pg_isready = shutil.which("pg_isready")
    if pg_isready is None:
        print("pg_isready not found, skipping readiness probe")
        return
    deadline = time.monotonic() + timeout
    argv = [pg_isready, "-h", target.host, "-p", str(target.port or 5432)]
    while time.monotonic() < deadline:
        if subprocess.run(argv, capture_output=True).returncode == 0:
            return
        time.sleep(1)
    raise MigrationError(f"postgres on {target.host} did not come up in {timeout}s")


def reset_sqlite(target: Target) -> None:
    db_path = Path(urlparse(target.url).path)
    if not db_path.is_absolute():
        db_path = ROOT / db_path
    if ROOT not in db_path.resolve().parents:
        raise MigrationError(f"sqlite file {db_path} is outside the project")
    for suffix in ("", "-wal", "-shm", "-journal"):
        candidate = db_path.with_name(db_path.name + suffix)
        if candidate.exists():
            print(f"removing {candidate.relative_to(ROOT)}")
            candidate.unlink()


def reset_postgres(target: Target) -> None:
    # The compose file creates the database with the same name as the user.
    psql = ["docker", "compose", "-f", str(COMPOSE_FILE), "exec", "-T", "db", "psql", "-U", "postgres"]
    run(psql + ["-c", f'DROP DATABASE IF EXISTS "{target.name}" WITH (FORCE)'])
    run(psql + ["-c", f'CREATE DATABASE "{target.name}"'])


def record(action: str, target: Target) -> None:
    STATE_DIR.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S")
    with (STATE_DIR / "history.log").open("a", encoding="utf-8") as fh:
        fh.write(f"{stamp}\t{action}\t{target.redacted()}\n")


def cmd_upgrade(target: Target, args: argparse.Namespace) -> None:
    wait_for_postgres(target)
    alembic(target, "upgrade", args.revision)
    record(f"upgrade {args.revision}", target)


def cmd_downgrade(target: Target, args: argparse.Namespace) -> None:
    require_local(target)
    alembic(target, "downgrade", f"-{args.steps}")
    record(f"downgrade -{args.steps}", target)


def cmd_reset(target: Target, args: argparse.Namespace) -> None:
    require_local(target)
    if not args.yes:
        answer = input(f"drop and recreate {target.redacted()}? [y/N] ")
        if answer.strip().lower() != "y":
            print("aborted")
            return
    if target.is_sqlite:
        reset_sqlite(target)
    else:
        wait_for_postgres(target)
        reset_postgres(target)
    alembic(target, "upgrade", "head")
    record("reset", target)


def cmd_status(target: Target, args: argparse.Namespace) -> None:
    alembic(target, "current", "--verbose")
    alembic(target, "history", "-r", "current:head")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", help="override DATABASE_URL (must be local for writes)")
    sub = parser.add_subparsers(dest="command", required=True)
    up = sub.add_parser("upgrade")
    up.add_argument("revision", nargs="?", default="head")
    down = sub.add_parser("downgrade")
    down.add_argument("--steps", type=int, default=1)
    reset = sub.add_parser("reset")
    reset.add_argument("--yes", action="store_true")
    sub.add_parser("status")
    return parser


HANDLERS = {
    "upgrade": cmd_upgrade,
    "downgrade": cmd_downgrade,
    "reset": cmd_reset,
    "status": cmd_status,
}


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    target = resolve_target(args.url)
    print(f"target: {target.redacted()} (local={target.is_local})")
    if args.command == "upgrade":
        # Upgrades are forward-only but still only from this machine to this machine.
        require_local(target)
    try:
        HANDLERS[args.command](target, args)
    except MigrationError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
