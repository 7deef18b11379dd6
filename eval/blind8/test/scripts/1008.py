#!/usr/bin/env python3
"""Run the worker once with verbose tracing to debug a stuck job."""
import argparse
import json
import logging
import os
import pathlib
import subprocess
import sys
import time

log = logging.getLogger("trace-worker")


def setup_logging(path):
    path.parent.mkdir(parents=True, exist_ok=True)
    logging.basicConfig(
        level=logging.DEBUG,
        format="%(asctime)s %(levelname)s %(message)s",
        handlers=[logging.FileHandler(path), logging.StreamHandler(sys.stderr)],
    )


def snapshot_context():
    ctx = {"pid": os.getpid(), "cwd": os.getcwd(), "python": sys.executable}
    # capture everything the worker will see
    ctx["environ"] = {k: v for k, v in sorted(os.environ.items())}
    return ctx


def run_once(job_id, timeout):
    cmd = [sys.executable, "-m", "app.worker", "--once", "--job", job_id]
    log.debug("running %s", cmd)
    started = time.monotonic()
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    log.debug("stdout:\n%s", proc.stdout[-4000:])
    log.debug("stderr:\n%s", proc.stderr[-4000:])
    log.info("exit %d after %.1fs", proc.returncode, time.monotonic() - started)
    return proc.returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("job_id")
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--log", default="build/trace-worker.log")
    args = ap.parse_args()
    setup_logging(pathlib.Path(args.log))
    log.debug("context: %s", json.dumps(snapshot_context(), indent=2))
    try:
        return run_once(args.job_id, args.timeout)
    except subprocess.TimeoutExpired:
        log.error("worker timed out after %ds", args.timeout)
        return 124


if __name__ == "__main__":
    sys.exit(main())
