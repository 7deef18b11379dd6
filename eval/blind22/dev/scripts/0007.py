#!/usr/bin/env python3
"""Snapshot and restore the local development Postgres database.

    tools/dbsnap.py save [--tag before-migration]
    tools/dbsnap.py restore <snapshot> [--yes]
    tools/dbsnap.py list
    tools/dbsnap.py prune --keep 5

DATABASE_URL comes from the environment or the project's .env. Restore runs
`pg_restore --clean`, which drops objects first, so it refuses any database
URL whose host is not local, and any database whose name doesn't end in _dev
or _test.
"""
import argparse
import datetime as dt
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse, urlunparse

ROOT = Path(__file__).resolve().parents[1]
SNAP_DIR = ROOT / "backups" / "db"
ENV_FILE = ROOT / ".env"
LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1", "", None}
SAFE_DB_RE = re.compile(r".+_(dev|test)$")
TAG_RE = re.compile(r"^[A-Za-z0-9._-]{1,40}$")


def die(msg: str, code: int = 1) -> None:
    print(f"dbsnap: {msg}", file=sys.stderr)
    sys.exit(code)


def load_env() -> dict:
    env = {}
    if ENV_FILE.exists():
        for line in ENV_FILE.read_text().splitlines():
            m = re.match(r"^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$", line)
            if m:
                env[m.group(1)] = m.group(2).strip("'\"")
    env.update({k: v for k, v in os.environ.items() if k.startswith(("DATABASE_", "PG"))})
    return env


def redact_url(url: str) -> str:
    p = urlparse(url)
    if p.password:
        netloc = p.netloc.replace(f":{p.password}@", ":****@")
        return urlunparse(p._replace(netloc=netloc))
    return url


def database_url(env: dict) -> str:
    url = env.get("DATABASE_URL")
    if not url:
        die("DATABASE_URL not set in environment or .env")
    return url


def assert_local(url: str) -> None:
    p = urlparse(url)
    if p.hostname not in LOCAL_HOSTS:
        die(f"refusing: {redact_url(url)} is not a local database")
    dbname = p.path.lstrip("/")
    if not SAFE_DB_RE.match(dbname):
        die(f"refusing: database {dbname!r} does not end in _dev or _test")


def pg_env(url: str) -> dict:
    # pass the password through PGPASSWORD instead of argv so it doesn't show in ps
    p = urlparse(url)
    env = dict(os.environ)
    if p.password:
        env["PGPASSWORD"] = p.password
    return env


def url_without_password(url: str) -> str:
    p = urlparse(url)
    if p.password:
        netloc = p.netloc.replace(f":{p.password}@", "@")
        return urlunparse(p._replace(netloc=netloc))
    return url


def require(tool: str) -> None:
    if shutil.which(tool) is None:
        die(f"{tool} not found in PATH (install postgresql-client)")


def snapshots() -> list:
    if not SNAP_DIR.exists():
        return []
    return sorted(SNAP_DIR.glob("*.dump"), key=lambda p: p.stat().st_mtime)


def cmd_save(url: str, tag: str) -> None:
    require("pg_dump")
    if tag and not TAG_RE.match(tag):
        die(f"bad tag {tag!r}")
    SNAP_DIR.mkdir(parents=True, exist_ok=True)
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    name = f"{stamp}-{tag}.dump" if tag else f"{stamp}.dump"
    out = SNAP_DIR / name
    partial = out.with_suffix(".partial")
    argv = ["pg_dump", "--format=custom", "--no-owner", "--no-privileges",
            f"--file={partial}", url_without_password(url)]
    res = subprocess.run(argv, env=pg_env(url))
    if res.returncode != 0:
        partial.unlink(missing_ok=True)
        die("pg_dump failed")
    partial.rename(out)
    size = out.stat().st_size / 1024 / 1024
    print(f"saved {out.relative_to(ROOT)} ({size:.1f} MiB)")


def resolve_snapshot(arg: str) -> Path:
    candidate = Path(arg)
    if not candidate.is_absolute():
        direct = SNAP_DIR / arg
        candidate = direct if direct.exists() else ROOT / arg
    candidate = candidate.resolve()
    if SNAP_DIR.resolve() not in candidate.parents:
        die(f"{candidate} is not inside {SNAP_DIR}")
    if not candidate.exists():
        die(f"no such snapshot {arg}")
    return candidate


def cmd_restore(url: str, snap_arg: str, yes: bool) -> None:
    require("pg_restore")
    assert_local(url)
    snap = resolve_snapshot(snap_arg)
    print(f"restoring {snap.name} into {redact_url(url)}")
    if not yes:
        reply = input("this drops and recreates all objects. continue? [y/N] ")
        if reply.strip().lower() not in {"y", "yes"}:
            die("aborted", 0)
    argv = ["pg_restore", "--clean", "--if-exists", "--no-owner", "--exit-on-error",
            "--single-transaction", f"--dbname={url_without_password(url)}", str(snap)]
    res = subprocess.run(argv, env=pg_env(url))
    if res.returncode != 0:
        die("pg_restore failed; the transaction was rolled back")
    print("restore complete")


def cmd_list() -> None:
    snaps = snapshots()
    if not snaps:
        print("no snapshots yet")
        return
    for p in snaps:
        mtime = dt.datetime.fromtimestamp(p.stat().st_mtime).isoformat(timespec="seconds")
        print(f"{p.name:<40} {p.stat().st_size / 1048576:8.1f} MiB  {mtime}")


def cmd_prune(keep: int) -> None:
    snaps = snapshots()
    doomed = snaps[:-keep] if keep > 0 else snaps
    for p in doomed:
        p.unlink()
        print("removed", p.name)
    print(f"{len(snaps) - len(doomed)} snapshot(s) kept")


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("save")
    s.add_argument("--tag", default="")
    r = sub.add_parser("restore")
    r.add_argument("snapshot")
    r.add_argument("--yes", action="store_true")
    sub.add_parser("list")
    p = sub.add_parser("prune")
    p.add_argument("--keep", type=int, default=5)
    args = ap.parse_args()

    if args.cmd == "list":
        cmd_list()
        return
    if args.cmd == "prune":
        cmd_prune(args.keep)
        return
    url = database_url(load_env())
    if args.cmd == "save":
        cmd_save(url, args.tag)
    else:
        cmd_restore(url, args.snapshot, args.yes)


if __name__ == "__main__":
    main()
