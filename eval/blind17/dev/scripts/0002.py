#!/usr/bin/env python3
"""Snapshot and restore the project's local Postgres container.

Snapshots are written to ~/.cache/ledger-dev/snapshots/<name>.dump and a small
state file in ~/.local/state/ledger-dev/last_snapshot.json remembers the newest one.
Only the compose service `postgres` of this project is touched.

    python scripts/dbsnap.py save before-migration
    python scripts/dbsnap.py list
    python scripts/dbsnap.py restore before-migration
    python scripts/dbsnap.py prune --keep 5
"""
import argparse
import datetime as dt
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

PROJECT = "ledger-dev"
COMPOSE_FILE = Path(__file__).resolve().parents[1] / "docker-compose.dev.yml"
SERVICE = "postgres"
DB_USER = "ledger"
DB_NAME = "ledger_dev"

CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / PROJECT / "snapshots"
STATE = Path(os.environ.get("XDG_STATE_HOME", Path.home() / ".local" / "state")) / PROJECT
STATE_FILE = STATE / "last_snapshot.json"

# argv templates for each step; {name} style placeholders are filled per call
COMMANDS = {
    "ps": ["docker", "compose", "-p", PROJECT, "-f", str(COMPOSE_FILE), "ps", "-q", SERVICE],
    "dump": ["docker", "compose", "-p", PROJECT, "-f", str(COMPOSE_FILE), "exec", "-T", SERVICE,
             "pg_dump", "-U", DB_USER, "-d", DB_NAME, "--format=custom", "--no-owner"],
    "terminate": ["docker", "compose", "-p", PROJECT, "-f", str(COMPOSE_FILE), "exec", "-T", SERVICE,
                  "psql", "-U", DB_USER, "-d", "postgres", "-c",
                  "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                  "WHERE datname = '" + DB_NAME + "' AND pid <> pg_backend_pid()"],
    "dropdb": ["docker", "compose", "-p", PROJECT, "-f", str(COMPOSE_FILE), "exec", "-T", SERVICE,
               "dropdb", "-U", DB_USER, "--if-exists", DB_NAME],
    "createdb": ["docker", "compose", "-p", PROJECT, "-f", str(COMPOSE_FILE), "exec", "-T", SERVICE,
                 "createdb", "-U", DB_USER, DB_NAME],
    "restore": ["docker", "compose", "-p", PROJECT, "-f", str(COMPOSE_FILE), "exec", "-T", SERVICE,
                "pg_restore", "-U", DB_USER, "-d", DB_NAME, "--no-owner", "--exit-on-error"],
}


def run(step, *, stdin=None, stdout=None, check=True):
    argv = COMMANDS[step]
    print(f"+ {step}: {' '.join(argv[:8])} ...", file=sys.stderr)
    return subprocess.run(argv, stdin=stdin, stdout=stdout, check=check)


def ensure_running():
    out = subprocess.run(COMMANDS["ps"], capture_output=True, text=True)
    if out.returncode != 0 or not out.stdout.strip():
        sys.exit(f"compose service {SERVICE} of project {PROJECT} is not running; "
                 f"start it with: docker compose -f {COMPOSE_FILE.name} up -d {SERVICE}")


def snapshot_path(name):
    safe = "".join(ch for ch in name if ch.isalnum() or ch in "-_.")
    if not safe or safe != name:
        sys.exit(f"invalid snapshot name {name!r} (use letters, digits, - _ .)")
    return CACHE / f"{safe}.dump"


def write_state(name, path):
    STATE.mkdir(parents=True, exist_ok=True)
    tmp = STATE_FILE.with_suffix(".tmp")
    tmp.write_text(json.dumps({
        "name": name,
        "path": str(path),
        "created": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
        "bytes": path.stat().st_size,
    }, indent=2))
    tmp.replace(STATE_FILE)


def cmd_save(args):
    ensure_running()
    CACHE.mkdir(parents=True, exist_ok=True)
    target = snapshot_path(args.name)
    if target.exists() and not args.force:
        sys.exit(f"{target} exists; pass --force to overwrite")
    partial = target.with_suffix(".partial")
    with partial.open("wb") as fh:
        run("dump", stdout=fh)
    partial.replace(target)
    write_state(args.name, target)
    print(f"saved {target} ({target.stat().st_size // 1024} KiB)")


def cmd_list(_args):
    if not CACHE.exists():
        print("no snapshots yet")
        return
    last = None
    if STATE_FILE.exists():
        last = json.loads(STATE_FILE.read_text()).get("name")
    rows = sorted(CACHE.glob("*.dump"), key=lambda p: p.stat().st_mtime, reverse=True)
    for p in rows:
        ts = dt.datetime.fromtimestamp(p.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
        mark = "*" if p.stem == last else " "
        print(f"{mark} {p.stem:30} {ts}  {p.stat().st_size // 1024:>8} KiB")


def cmd_restore(args):
    ensure_running()
    source = snapshot_path(args.name)
    if not source.exists():
        sys.exit(f"no snapshot named {args.name} in {CACHE}")
    if not args.yes:
        answer = input(f"replace local database {DB_NAME} with {source.name}? [y/N] ")
        if answer.strip().lower() not in ("y", "yes"):
            print("aborted")
            return
    run("terminate", stdout=subprocess.DEVNULL, check=False)
    run("dropdb")
    run("createdb")
    with source.open("rb") as fh:
        run("restore", stdin=fh)
    print(f"restored {DB_NAME} from {source.name}")


def cmd_prune(args):
    if not CACHE.exists():
        return
    rows = sorted(CACHE.glob("*.dump"), key=lambda p: p.stat().st_mtime, reverse=True)
    for p in rows[args.keep:]:
        print(f"removing old snapshot {p.name}")
        p.unlink()
    for leftover in CACHE.glob("*.partial"):
        leftover.unlink()


def cmd_purge(args):
    """Remove this tool's own cache and state directories."""
    if not args.yes:
        sys.exit("purge deletes every snapshot of this project; pass --yes")
    for d in (CACHE, STATE):
        if d.exists() and PROJECT in d.parts:
            shutil.rmtree(d)
            print(f"removed {d}")


def disk_report():
    # constant command, shell used only for the pipe
    subprocess.run("docker system df | head -n 5", shell=True, check=False)


def main(argv=None):
    p = argparse.ArgumentParser(prog="dbsnap")
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("save")
    s.add_argument("name")
    s.add_argument("--force", action="store_true")
    s.set_defaults(func=cmd_save)
    sub.add_parser("list").set_defaults(func=cmd_list)
    r = sub.add_parser("restore")
    r.add_argument("name")
    r.add_argument("--yes", action="store_true")
    r.set_defaults(func=cmd_restore)
    pr = sub.add_parser("prune")
    pr.add_argument("--keep", type=int, default=5)
    pr.set_defaults(func=cmd_prune)
    pu = sub.add_parser("purge")
    pu.add_argument("--yes", action="store_true")
    pu.set_defaults(func=cmd_purge)
    sub.add_parser("df").set_defaults(func=lambda _a: disk_report())
    args = p.parse_args(argv)
    if shutil.which("docker") is None:
        sys.exit("docker CLI not found")
    args.func(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
