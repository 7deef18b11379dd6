#!/usr/bin/env python3
"""Checkpoints of the local data used by the harbor desktop app in dev mode.

The app keeps state in two places during development:
  * var/harbor.sqlite3            (SQLite, WAL mode)
  * the redis on 127.0.0.1:6391   (docker compose service `cache`)

    python tools/checkpoint.py save <name>
    python tools/checkpoint.py load <name> [--yes]
    python tools/checkpoint.py drop <name>
    python tools/checkpoint.py ls

SQLite is copied with the online backup API (safe while the app runs).
Redis is saved with BGSAVE and its dump.rdb copied out of the container.
Loading refuses to touch a redis that is not on loopback, and refuses a
SQLite file outside var/.
"""
import argparse
import datetime as dt
import json
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

BASE = Path(__file__).resolve().parents[1]
VAR = BASE / "var"
DB_FILE = VAR / "harbor.sqlite3"
CHECKPOINTS = BASE / ".checkpoints"
REDIS = {"host": "127.0.0.1", "port": 6391, "service": "cache"}
NAME_OK = set("abcdefghijklmnopqrstuvwxyz0123456789-_.")


def valid_name(name: str) -> str:
    if not name or set(name.lower()) - NAME_OK or name.startswith("."):
        raise SystemExit(f"bad checkpoint name {name!r}")
    return name


def redis_cli(*args: str) -> str:
    if REDIS["host"] not in ("127.0.0.1", "localhost"):
        raise SystemExit("redis target is not local; refusing")
    res = subprocess.run(["redis-cli", "-h", REDIS["host"], "-p", str(REDIS["port"]), *args],
                         capture_output=True, text=True, timeout=30)
    if res.returncode != 0:
        raise SystemExit(f"redis-cli {args[0]}: {res.stderr.strip()}")
    return res.stdout.strip()


def compose(*args: str) -> str:
    res = subprocess.run(["docker", "compose", *args], cwd=BASE, capture_output=True, text=True)
    if res.returncode != 0:
        raise SystemExit(f"docker compose {args[0]}: {res.stderr.strip()}")
    return res.stdout.strip()


def sqlite_backup(src: Path, dst: Path) -> int:
    with sqlite3.connect(src) as source, sqlite3.connect(dst) as target:
        source.backup(target, pages=256, progress=None)
        return target.execute("SELECT count(*) FROM sqlite_master WHERE type='table'").fetchone()[0]


def redis_snapshot(dst: Path) -> int:
    before = int(redis_cli("LASTSAVE"))
    redis_cli("BGSAVE")
    for _ in range(60):
        if int(redis_cli("LASTSAVE")) > before:
            break
        time.sleep(0.5)
    else:
        raise SystemExit("BGSAVE did not finish in 30s")
    container = compose("ps", "-q", REDIS["service"])
    subprocess.run(["docker", "cp", f"{container}:/data/dump.rdb", str(dst)], check=True)
    return int(redis_cli("DBSIZE"))


def cmd_save(name: str) -> None:
    target = CHECKPOINTS / valid_name(name)
    if target.exists():
        raise SystemExit(f"checkpoint {name} already exists")
    target.mkdir(parents=True)
    meta = {"name": name, "created": dt.datetime.now().isoformat(timespec="seconds")}
    try:
        if DB_FILE.exists():
            meta["sqlite_tables"] = sqlite_backup(DB_FILE, target / "harbor.sqlite3")
        meta["redis_keys"] = redis_snapshot(target / "dump.rdb")
    except BaseException:
        shutil.rmtree(target, ignore_errors=True)
        raise
    (target / "meta.json").write_text(json.dumps(meta, indent=2))
    print(f"saved checkpoint {name}: {meta}")


def cmd_load(name: str, yes: bool) -> None:
    source = CHECKPOINTS / valid_name(name)
    if not source.is_dir():
        raise SystemExit(f"no checkpoint {name}")
    if DB_FILE.resolve().parent != VAR.resolve():
        raise SystemExit("database path moved outside var/; refusing")
    if not yes:
        reply = input(f"replace var/harbor.sqlite3 and the dev redis with {name}? [y/N] ")
        if reply.strip().lower() not in ("y", "yes"):
            print("aborted")
            return
    saved_db = source / "harbor.sqlite3"
    if saved_db.exists():
        if DB_FILE.exists():
            shutil.copy2(DB_FILE, DB_FILE.with_suffix(".sqlite3.prev"))
        sqlite_backup(saved_db, DB_FILE)
        print("restored var/harbor.sqlite3 (previous copy in var/harbor.sqlite3.prev)")
    rdb = source / "dump.rdb"
    if rdb.exists():
        container = compose("ps", "-q", REDIS["service"])
        compose("stop", REDIS["service"])
        subprocess.run(["docker", "cp", str(rdb), f"{container}:/data/dump.rdb"], check=True)
        compose("start", REDIS["service"])
        for _ in range(40):
            try:
                if redis_cli("PING") == "PONG":
                    break
            except SystemExit:
                pass
            time.sleep(0.5)
        print(f"restored redis ({redis_cli('DBSIZE')} keys)")


def cmd_drop(name: str) -> None:
    target = CHECKPOINTS / valid_name(name)
    if not target.is_dir():
        raise SystemExit(f"no checkpoint {name}")
    shutil.rmtree(target)
    print(f"dropped checkpoint {name}")


def verify(name: str) -> None:
    """Open the saved SQLite copy read-only and run an integrity check."""
    source = CHECKPOINTS / valid_name(name) / "harbor.sqlite3"
    if not source.exists():
        print("checkpoint has no SQLite copy")
        return
    with sqlite3.connect(f"file:{source}?mode=ro", uri=True) as conn:
        result = conn.execute("PRAGMA integrity_check").fetchone()[0]
    print(f"{name}: integrity_check = {result}")
    if result != "ok":
        raise SystemExit(1)


def cmd_ls() -> None:
    if not CHECKPOINTS.exists():
        print("no checkpoints")
        return
    for d in sorted(p for p in CHECKPOINTS.iterdir() if p.is_dir()):
        meta_file = d / "meta.json"
        meta = json.loads(meta_file.read_text()) if meta_file.exists() else {}
        size = sum(f.stat().st_size for f in d.iterdir()) // 1024
        print(f"{d.name:<28} {meta.get('created', '?'):<20} {size:>8} KiB  "
              f"tables={meta.get('sqlite_tables', '-')} keys={meta.get('redis_keys', '-')}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", metavar="COMMAND", required=True)
    for verb in ("save", "drop", "verify"):
        p = sub.add_parser(verb)
        p.add_argument("name")
    load = sub.add_parser("load")
    load.add_argument("name")
    load.add_argument("--yes", action="store_true")
    sub.add_parser("ls")
    args = ap.parse_args()
    if args.cmd == "save":
        cmd_save(args.name)
    elif args.cmd == "load":
        cmd_load(args.name, args.yes)
    elif args.cmd == "drop":
        cmd_drop(args.name)
    elif args.cmd == "verify":
        verify(args.name)
    else:
        cmd_ls()
    return 0


if __name__ == "__main__":
    sys.exit(main())
