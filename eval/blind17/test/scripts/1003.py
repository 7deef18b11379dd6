#!/usr/bin/env python3
"""Housekeeping for the Celery workers' logs and result files of `tidepool`.

The dev Procfile (honcho) starts `celery worker` and `celery beat`; they write
   .run/logs/worker-<n>.log, .run/logs/beat.log
   .run/results/<task-id>.json       (file-system result backend in dev)
   .run/pids/<name>.pid
This tool trims logs, expires result files, removes stale pid files and can
stop the processes recorded in the pid files (never anything else).
"""
import argparse
import json
import os
import signal
import sys
import time
from dataclasses import dataclass
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
RUN = PROJECT / ".run"
LOGS = RUN / "logs"
RESULTS = RUN / "results"
PIDS = RUN / "pids"


@dataclass
class Limits:
    log_keep_lines: int = 20000
    log_max_mb: float = 25.0
    result_max_age_h: float = 24.0
    result_keep_failed: bool = True


def tail_lines(path: Path, keep: int) -> list[bytes]:
    """Return the last `keep` lines without reading huge files into memory."""
    block = 1 << 16
    with path.open("rb") as fh:
        fh.seek(0, os.SEEK_END)
        end = fh.tell()
        data = b""
        pos = end
        while pos > 0 and data.count(b"\n") <= keep:
            step = min(block, pos)
            pos -= step
            fh.seek(pos)
            data = fh.read(step) + data
    return data.splitlines(keepends=True)[-keep:]


def trim_logs(limits: Limits, dry: bool) -> int:
    trimmed = 0
    for log in sorted(LOGS.glob("*.log")):
        size_mb = log.stat().st_size / 1e6
        if size_mb <= limits.log_max_mb:
            continue
        lines = tail_lines(log, limits.log_keep_lines)
        print(f"trim {log.relative_to(PROJECT)} ({size_mb:.1f} MB -> last {len(lines)} lines)")
        if not dry:
            tmp = log.with_suffix(".log.tmp")
            tmp.write_bytes(b"".join(lines))
            os.replace(tmp, log)
        trimmed += 1
    return trimmed


def expire_results(limits: Limits, dry: bool) -> tuple[int, int]:
    cutoff = time.time() - limits.result_max_age_h * 3600
    removed = kept = 0
    for f in RESULTS.glob("*.json"):
        if f.stat().st_mtime >= cutoff:
            continue
        if limits.result_keep_failed:
            try:
                status = json.loads(f.read_text()).get("status")
            except (json.JSONDecodeError, OSError):
                status = None
            if status == "FAILURE":
                kept += 1
                continue
        if not dry:
            f.unlink()
        removed += 1
    return removed, kept


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def read_pids() -> dict[str, int]:
    out = {}
    for f in PIDS.glob("*.pid"):
        try:
            out[f.stem] = int(f.read_text().strip())
        except ValueError:
            print(f"garbage in {f.name}, removing")
            f.unlink()
    return out


def clean_stale_pids(dry: bool) -> int:
    n = 0
    for name, pid in read_pids().items():
        if not pid_alive(pid):
            print(f"stale pid file {name}.pid ({pid})")
            if not dry:
                (PIDS / f"{name}.pid").unlink()
            n += 1
    return n


def stop_workers(timeout: float, dry: bool) -> None:
    pids = {n: p for n, p in read_pids().items() if pid_alive(p)}
    if not pids:
        print("no recorded worker is running")
        return
    for name, pid in pids.items():
        print(f"TERM {name} ({pid})")
        if not dry:
            os.kill(pid, signal.SIGTERM)
    if dry:
        return
    deadline = time.time() + timeout
    while time.time() < deadline and any(pid_alive(p) for p in pids.values()):
        time.sleep(0.2)
    for name, pid in pids.items():
        if pid_alive(pid):
            print(f"KILL {name} ({pid}) after {timeout:.0f}s")
            os.kill(pid, signal.SIGKILL)
        (PIDS / f"{name}.pid").unlink(missing_ok=True)


def report() -> None:
    def size(p: Path) -> int:
        return sum(f.stat().st_size for f in p.rglob("*") if f.is_file()) if p.exists() else 0

    for label, path in (("logs", LOGS), ("results", RESULTS)):
        files = list(path.glob("*")) if path.exists() else []
        print(f"{label:8} {len(files):6} files {size(path) / 1e6:8.1f} MB")
    for name, pid in read_pids().items():
        print(f"{name:8} pid {pid:<8} {'running' if pid_alive(pid) else 'dead'}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="tidy .run/ of the dev workers")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("--stop", action="store_true", help="stop the workers from .run/pids")
    ap.add_argument("--timeout", type=float, default=15.0)
    ap.add_argument("--max-age", type=float, help="hours to keep result files")
    ap.add_argument("--report", action="store_true")
    args = ap.parse_args(argv)

    if not RUN.exists():
        print("no .run directory; nothing to do")
        return 0
    for d in (LOGS, RESULTS, PIDS):
        d.mkdir(parents=True, exist_ok=True)
    limits = Limits()
    if args.max_age is not None:
        limits.result_max_age_h = args.max_age

    if args.stop:
        stop_workers(args.timeout, args.dry_run)
    n_logs = trim_logs(limits, args.dry_run)
    removed, kept = expire_results(limits, args.dry_run)
    stale = clean_stale_pids(args.dry_run)
    print(f"logs trimmed: {n_logs}, results removed: {removed} (kept {kept} failures), stale pids: {stale}")
    if args.report:
        report()
    return 0


if __name__ == "__main__":
    sys.exit(main())
