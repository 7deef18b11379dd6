#!/usr/bin/env python3
"""Explain why the dev server sees different settings than the shell.

Compares the environment of running relay processes with the current shell and
prints the keys that differ.  Results are cached so repeated runs are cheap.
"""
from __future__ import annotations

import argparse
import os
import shelve
import sys
from pathlib import Path

CACHE = Path("/tmp") / "relay-envdiff"
INTERESTING = ("RELAY_", "DATABASE_URL", "REDIS_URL", "LOG_LEVEL")


def proc_environ(pid: int) -> dict[str, str]:
    try:
        raw = Path(f"/proc/{pid}/environ").read_bytes()
    except (PermissionError, FileNotFoundError, ProcessLookupError):
        return {}
    pairs = (item.split(b"=", 1) for item in raw.split(b"\0") if b"=" in item)
    return {k.decode(errors="replace"): v.decode(errors="replace") for k, v in pairs}


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode().strip()
    except OSError:
        return ""


def all_pids() -> list[int]:
    return sorted(int(p) for p in os.listdir("/proc") if p.isdigit())


def snapshot(db: shelve.Shelf) -> int:
    stored = 0
    for pid in all_pids():
        env = proc_environ(pid)
        if env:
            db[str(pid)] = {"cmd": cmdline(pid), "env": env}
            stored += 1
    return stored


def relay_pids(db: shelve.Shelf) -> list[str]:
    return [pid for pid, rec in db.items() if "relay" in rec["cmd"]]


def diff(env: dict[str, str]) -> list[str]:
    out = []
    for key in sorted(set(env) | set(os.environ)):
        if not key.startswith(INTERESTING):
            continue
        a, b = env.get(key), os.environ.get(key)
        if a != b:
            out.append(f"  {key}: process={a!r} shell={b!r}")
    return out


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--refresh", action="store_true")
    args = parser.parse_args()

    CACHE.parent.mkdir(exist_ok=True)
    with shelve.open(str(CACHE)) as db:
        if args.refresh or not len(db):
            n = snapshot(db)
            print(f"captured {n} process environment(s)", file=sys.stderr)
        pids = relay_pids(db)
        if not pids:
            print("no relay processes running")
            return 0
        for pid in pids:
            rec = db[pid]
            print(f"pid {pid}: {rec['cmd'][:80]}")
            print("\n".join(diff(rec["env"])) or "  (no differences)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
