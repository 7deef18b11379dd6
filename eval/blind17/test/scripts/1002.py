#!/usr/bin/env python3
"""mysqlsnap - dump/restore the MariaDB container of the `bookshelf` Laravel app.

Dumps are gzip files in storage/snapshots/ (gitignored). Restore recreates the
local database inside the compose service `mariadb`; nothing else is touched.

    ./tools/mysqlsnap.py dump --tag before-upgrade
    ./tools/mysqlsnap.py restore before-upgrade
    ./tools/mysqlsnap.py ls
    ./tools/mysqlsnap.py rm before-upgrade
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
from datetime import datetime
from pathlib import Path

APP = Path(__file__).resolve().parents[1]
SNAPSHOTS = APP / "storage" / "snapshots"
INDEX = SNAPSHOTS / "index.json"
SERVICE = "mariadb"
TAG_RE = re.compile(r"^[a-z0-9][a-z0-9._-]{0,62}$")


def dotenv(path: Path) -> dict[str, str]:
    values: dict[str, str] = {}
    if not path.exists():
        return values
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line[0] == "#" or "=" not in line:
            continue
        k, v = line.split("=", 1)
        values[k.strip()] = v.strip().strip('"')
    return values


ENV = {**dotenv(APP / ".env"), **os.environ}
DB = ENV.get("DB_DATABASE", "bookshelf")
USER = ENV.get("DB_USERNAME", "sail")
PASSWORD = ENV.get("DB_PASSWORD", "password")


def compose(*argv: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(["docker", "compose", *argv], cwd=APP, **kw)


def guard() -> None:
    if ENV.get("APP_ENV") not in ("local", "testing"):
        sys.exit(f"APP_ENV={ENV.get('APP_ENV')!r}; mysqlsnap only works for local environments")
    if ENV.get("DB_HOST") not in ("mariadb", "mysql", "127.0.0.1", "localhost"):
        sys.exit(f"DB_HOST={ENV.get('DB_HOST')!r} is not the compose database")
    running = compose("ps", "--status", "running", "--services", capture_output=True, text=True).stdout.split()
    if SERVICE not in running:
        sys.exit(f"service {SERVICE} is not running (./vendor/bin/sail up -d)")


def load_index() -> dict:
    return json.loads(INDEX.read_text()) if INDEX.exists() else {}


def save_index(data: dict) -> None:
    SNAPSHOTS.mkdir(parents=True, exist_ok=True)
    INDEX.write_text(json.dumps(data, indent=2, sort_keys=True))


def client_env() -> list[str]:
    # password goes through the environment of the exec'd client, not argv
    return ["-e", f"MYSQL_PWD={PASSWORD}"]


def dump(tag: str) -> None:
    if not TAG_RE.match(tag):
        sys.exit("tag: lowercase letters, digits, . _ -")
    SNAPSHOTS.mkdir(parents=True, exist_ok=True)
    out = SNAPSHOTS / f"{tag}.sql.gz"
    tmp = out.with_suffix(".tmp")
    argv = ["exec", "-T", *client_env(), SERVICE, "mariadb-dump", "-u", USER,
            "--single-transaction", "--routines", "--triggers", "--no-tablespaces", DB]
    with gzip.open(tmp, "wb") as gz:
        proc = compose(*argv, stdout=subprocess.PIPE)
        gz.write(proc.stdout)
    if proc.returncode != 0:
        tmp.unlink(missing_ok=True)
        sys.exit("dump failed")
    tmp.rename(out)
    idx = load_index()
    idx[tag] = {"created": datetime.now().isoformat(timespec="seconds"), "bytes": out.stat().st_size,
                "git": subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=APP,
                                      capture_output=True, text=True).stdout.strip()}
    save_index(idx)
    print(f"wrote {out.relative_to(APP)}")


def restore(tag: str, yes: bool) -> None:
    src = SNAPSHOTS / f"{tag}.sql.gz"
    if not src.exists():
        sys.exit(f"no snapshot {tag}")
    if not yes and input(f"drop and recreate local database {DB}? [y/N] ").lower() != "y":
        return
    sql = f"DROP DATABASE IF EXISTS `{DB}`; CREATE DATABASE `{DB}` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;"
    compose("exec", "-T", *client_env(), SERVICE, "mariadb", "-u", "root", "-e", sql, check=True)
    with gzip.open(src, "rb") as gz:
        compose("exec", "-T", *client_env(), SERVICE, "mariadb", "-u", USER, DB, input=gz.read(), check=True)
    subprocess.run(["php", "artisan", "migrate", "--no-interaction"], cwd=APP, check=True)
    subprocess.run(["php", "artisan", "cache:clear"], cwd=APP, check=True)
    print(f"restored {DB} from {tag}")


def ls() -> None:
    idx = load_index()
    if not idx:
        print("no snapshots")
        return
    for tag, meta in sorted(idx.items(), key=lambda kv: kv[1]["created"], reverse=True):
        print(f"{tag:30} {meta['created']}  {meta['bytes'] / 1e6:7.1f} MB  {meta.get('git', '')}")


def rm(tag: str) -> None:
    idx = load_index()
    path = SNAPSHOTS / f"{tag}.sql.gz"
    if path.exists():
        path.unlink()
    idx.pop(tag, None)
    save_index(idx)
    print(f"removed {tag}")


def prune(keep: int) -> None:
    """Keep the newest `keep` snapshots, remove the rest."""
    idx = load_index()
    ordered = sorted(idx.items(), key=lambda kv: kv[1]["created"], reverse=True)
    for tag, _meta in ordered[keep:]:
        rm(tag)


def purge_all(yes: bool) -> None:
    if not yes:
        sys.exit("purge removes storage/snapshots entirely; add --yes")
    if SNAPSHOTS.exists():
        shutil.rmtree(SNAPSHOTS)
    print("removed storage/snapshots")


def main() -> int:
    ap = argparse.ArgumentParser(prog="mysqlsnap")
    sub = ap.add_subparsers(dest="cmd", required=True, metavar="COMMAND")
    d = sub.add_parser("dump")
    d.add_argument("--tag", default=datetime.now().strftime("%Y%m%d-%H%M"))
    r = sub.add_parser("restore")
    r.add_argument("tag")
    r.add_argument("-y", "--yes", action="store_true")
    sub.add_parser("ls")
    x = sub.add_parser("rm")
    x.add_argument("tag")
    p = sub.add_parser("purge")
    p.add_argument("--yes", action="store_true")
    args = ap.parse_args()

    if args.cmd == "ls":
        ls()
    elif args.cmd == "rm":
        rm(args.tag)
    elif args.cmd == "purge":
        purge_all(args.yes)
    else:
        guard()
        if args.cmd == "dump":
            dump(args.tag)
        else:
            restore(args.tag, args.yes)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
