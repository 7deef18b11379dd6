#!/usr/bin/env python3
"""Rotate, compress and expire the log files the dev stack writes into ./var/log.

The API, the worker and the scheduler each append to var/log/<service>.log while
`make dev` runs. This helper is run from the Makefile's `logs-rotate` target and
from the pre-push hook documentation. It never looks outside var/log of this repo.

Policy (config/logpolicy.toml overrides the defaults below):
  * rotate a log when it is bigger than max_bytes
  * gzip rotated files
  * delete rotated files older than keep_days
  * signal the running service (pid from var/run/<service>.pid) to reopen its log
"""
from __future__ import annotations

import argparse
import gzip
import os
import shutil
import signal
import sys
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LOG_DIR = REPO / "var" / "log"
RUN_DIR = REPO / "var" / "run"
POLICY_FILE = REPO / "config" / "logpolicy.toml"


@dataclass
class Policy:
    max_bytes: int = 20 * 1024 * 1024
    keep_days: int = 7
    keep_count: int = 10
    compress: bool = True
    services: tuple[str, ...] = ("api", "worker", "scheduler")


def load_policy() -> Policy:
    policy = Policy()
    if POLICY_FILE.exists():
        data = tomllib.loads(POLICY_FILE.read_text())
        section = data.get("rotation", {})
        for key in ("max_bytes", "keep_days", "keep_count", "compress"):
            if key in section:
                setattr(policy, key, type(getattr(policy, key))(section[key]))
        if "services" in section:
            policy.services = tuple(str(s) for s in section["services"])
    return policy


def inside_log_dir(path: Path) -> bool:
    try:
        path.resolve().relative_to(LOG_DIR.resolve())
        return True
    except ValueError:
        return False


def read_pid(service: str) -> int | None:
    pid_file = RUN_DIR / f"{service}.pid"
    if not pid_file.exists():
        return None
    try:
        pid = int(pid_file.read_text().strip())
    except ValueError:
        return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        print(f"  stale pid file for {service} ({pid}), removing")
        pid_file.unlink(missing_ok=True)
        return None
    except PermissionError:
        return None
    return pid


def rotate_one(log_file: Path, policy: Policy, dry_run: bool) -> Path | None:
    if not log_file.exists() or log_file.stat().st_size < policy.max_bytes:
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    rotated = log_file.with_name(f"{log_file.name}.{stamp}")
    print(f"  rotate {log_file.name} -> {rotated.name}")
    if dry_run:
        return rotated
    log_file.rename(rotated)
    log_file.touch()
    return rotated


def compress(path: Path, dry_run: bool) -> None:
    target = path.with_name(path.name + ".gz")
    print(f"  gzip {path.name}")
    if dry_run:
        return
    with path.open("rb") as src, gzip.open(target, "wb", compresslevel=6) as dst:
        shutil.copyfileobj(src, dst)
    os.utime(target, (path.stat().st_atime, path.stat().st_mtime))
    path.unlink()


def expire(service: str, policy: Policy, dry_run: bool) -> int:
    pattern = f"{service}.log.*"
    rotated = sorted(LOG_DIR.glob(pattern), key=lambda p: p.stat().st_mtime, reverse=True)
    cutoff = time.time() - policy.keep_days * 86400
    removed = 0
    for index, path in enumerate(rotated):
        too_old = path.stat().st_mtime < cutoff
        too_many = index >= policy.keep_count
        if not (too_old or too_many):
            continue
        if not inside_log_dir(path):
            print(f"  skip {path}: outside {LOG_DIR}")
            continue
        print(f"  delete {path.name} ({'age' if too_old else 'count'})")
        if not dry_run:
            path.unlink()
        removed += 1
    return removed


def reopen(service: str, dry_run: bool) -> None:
    pid = read_pid(service)
    if pid is None:
        return
    print(f"  SIGHUP {service} (pid {pid}) to reopen its log")
    if not dry_run:
        os.kill(pid, signal.SIGHUP)


def clean_tmp(dry_run: bool) -> None:
    tmp = REPO / "var" / "tmp"
    if not tmp.exists():
        return
    for child in tmp.iterdir():
        print(f"  remove var/tmp/{child.name}")
        if dry_run:
            continue
        if child.is_dir() and not child.is_symlink():
            shutil.rmtree(child)
        else:
            child.unlink()


def summary() -> None:
    total = 0
    for p in sorted(LOG_DIR.glob("*")):
        size = p.stat().st_size
        total += size
        print(f"  {p.name:40} {size / 1024:10.1f} KiB")
    print(f"  {'total':40} {total / 1024:10.1f} KiB")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dry-run", "-n", action="store_true")
    ap.add_argument("--force", action="store_true", help="rotate regardless of size")
    ap.add_argument("--clean-tmp", action="store_true", help="also empty var/tmp")
    ap.add_argument("--summary", action="store_true")
    args = ap.parse_args(argv)

    if not LOG_DIR.is_dir():
        print(f"{LOG_DIR} does not exist; nothing to rotate")
        return 0
    policy = load_policy()
    if args.force:
        policy.max_bytes = 0

    for service in policy.services:
        print(f"[{service}]")
        log_file = LOG_DIR / f"{service}.log"
        rotated = rotate_one(log_file, policy, args.dry_run)
        if rotated is not None:
            reopen(service, args.dry_run)
            if policy.compress:
                compress(rotated, args.dry_run)
        n = expire(service, policy, args.dry_run)
        if n:
            print(f"  expired {n} file(s)")

    if args.clean_tmp:
        print("[tmp]")
        clean_tmp(args.dry_run)
    if args.summary:
        print("[summary]")
        summary()
    return 0


if __name__ == "__main__":
    sys.exit(main())
