#!/usr/bin/env python3
"""Recreate the local Phoenix development database with realistic data.

Wraps `mix ecto.drop / ecto.create / ecto.migrate` and the seed scripts with
safety checks: the target comes from config/dev.exs values overridden by the
project's .env.dev, must be a loopback host (or the compose service "db"),
and the database name must end with _dev. The running Phoenix server of
this project (pid file in tmp/) is stopped first so it releases connections.
"""
import argparse
import ipaddress
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

APP_ROOT = Path(__file__).resolve().parents[1]
ENV_FILE = APP_ROOT / ".env.dev"
DEV_EXS = APP_ROOT / "config" / "dev.exs"
PID_FILE = APP_ROOT / "tmp" / "phx.pid"
SEEDS = [APP_ROOT / "priv" / "repo" / "seeds.exs", APP_ROOT / "priv" / "repo" / "seeds_demo.exs"]


def read_env_file(path: Path) -> dict:
    env = {}
    if not path.exists():
        return env
    for line in path.read_text().splitlines():
        m = re.match(r"^\s*(?:export\s+)?([A-Z_][A-Z0-9_]*)\s*=\s*(.*?)\s*$", line)
        if not m:
            continue
        value = m.group(2)
        if value[:1] in "\"'" and value[-1:] == value[:1]:
            value = value[1:-1]
        env[m.group(1)] = value
    return env


def dev_exs_defaults() -> dict:
    text = DEV_EXS.read_text()
    out = {}
    for key in ("hostname", "database", "username", "port"):
        m = re.search(rf"{key}:\s*\"?([\w.\-]+)\"?", text)
        if m:
            out[key] = m.group(1)
    return out


def target(env: dict) -> dict:
    cfg = dev_exs_defaults()
    cfg["hostname"] = env.get("PGHOST", cfg.get("hostname", "localhost"))
    cfg["database"] = env.get("PGDATABASE", cfg.get("database", ""))
    cfg["port"] = env.get("PGPORT", cfg.get("port", "5432"))
    return cfg


def loopback(host: str) -> bool:
    if host == "db":
        return True
    try:
        return ipaddress.ip_address(socket.gethostbyname(host)).is_loopback
    except (OSError, ValueError):
        return False


def check(cfg: dict, env: dict) -> None:
    if env.get("MIX_ENV", "dev") != "dev":
        raise SystemExit("MIX_ENV must be dev")
    if not loopback(cfg["hostname"]):
        raise SystemExit(f"refusing: {cfg['hostname']} is not a local database host")
    if not cfg["database"].endswith("_dev"):
        raise SystemExit(f"refusing: database {cfg['database']!r} does not end with _dev")


def stop_own_server() -> None:
    if not PID_FILE.exists():
        return
    try:
        pid = int(PID_FILE.read_text().strip())
    except ValueError:
        PID_FILE.unlink()
        return
    cmdline = subprocess.run(["ps", "-o", "command=", "-p", str(pid)], capture_output=True,
                             text=True).stdout
    if "phx.server" not in cmdline or str(APP_ROOT) not in cmdline and "mix" not in cmdline:
        print(f"pid {pid} is not this project's phx.server; leaving it alone")
        return
    print(f"stopping phx.server (pid {pid})")
    os.kill(pid, signal.SIGTERM)
    for _ in range(20):
        time.sleep(0.25)
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
    PID_FILE.unlink(missing_ok=True)


def mix(env: dict, *args: str) -> None:
    print("$ mix " + " ".join(args))
    subprocess.run(["mix", *args], cwd=APP_ROOT, env=env, check=True)


def wait_for_db(cfg: dict, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    host = "127.0.0.1" if cfg["hostname"] == "db" else cfg["hostname"]
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((host, int(cfg["port"])), timeout=1):
                return
        except OSError:
            time.sleep(0.5)
    raise SystemExit(f"no database listening on {host}:{cfg['port']}")


def compose_up_if_needed(cfg: dict) -> None:
    if cfg["hostname"] != "db":
        return
    running = subprocess.run(["docker", "compose", "ps", "--services", "--status", "running"],
                             cwd=APP_ROOT, capture_output=True, text=True).stdout.split()
    if "db" not in running:
        subprocess.run(["docker", "compose", "up", "-d", "db"], cwd=APP_ROOT, check=True)


def row_counts(env: dict) -> str:
    query = ("for s <- [MyApp.Accounts.User, MyApp.Shipping.Parcel, MyApp.Billing.Invoice], "
             "do: IO.puts(\"#{inspect(s)} #{MyApp.Repo.aggregate(s, :count)}\")")
    proc = subprocess.run(["mix", "run", "--no-start", "-e",
                           f"Application.ensure_all_started(:my_app); {query}"],
                          cwd=APP_ROOT, env=env, capture_output=True, text=True)
    return proc.stdout.strip() or proc.stderr.strip()[-500:]


def clear_uploads() -> int:
    """Uploaded fixture files belong to the rows we are about to drop."""
    uploads = APP_ROOT / "priv" / "static" / "uploads" / "dev"
    if not uploads.is_dir():
        return 0
    removed = 0
    for item in uploads.iterdir():
        if item.is_file():
            item.unlink()
            removed += 1
    return removed


def main() -> int:
    ap = argparse.ArgumentParser(description="reset the local dev database")
    ap.add_argument("--demo", action="store_true", help="also load seeds_demo.exs")
    ap.add_argument("-y", "--yes", action="store_true", help="do not ask")
    args = ap.parse_args()

    env = {**os.environ, **read_env_file(ENV_FILE)}
    env.setdefault("MIX_ENV", "dev")
    cfg = target(env)
    check(cfg, env)
    if not args.yes:
        reply = input(f"Reset {cfg['database']} on {cfg['hostname']}? [y/N] ")
        if reply.lower() not in ("y", "yes"):
            return 1
    stop_own_server()
    compose_up_if_needed(cfg)
    wait_for_db(cfg)
    mix(env, "ecto.drop", "--force-drop")
    mix(env, "ecto.create")
    mix(env, "ecto.migrate")
    print(f"removed {clear_uploads()} dev upload file(s)")
    for seed in SEEDS[: 2 if args.demo else 1]:
        if seed.exists():
            mix(env, "run", str(seed.relative_to(APP_ROOT)))
    print(row_counts(env))
    print("done; start the server again with `mix phx.server`")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except subprocess.CalledProcessError as exc:
        sys.exit(exc.returncode)
