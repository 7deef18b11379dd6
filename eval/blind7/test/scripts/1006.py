#!/usr/bin/env python3
"""Debug helper for the flaky Celery worker: logs the runtime context on startup."""
import json
import logging
import os
import platform
import sys
import time

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
log = logging.getLogger("worker-debug")


def runtime_context():
    return {
        "pid": os.getpid(),
        "python": platform.python_version(),
        "argv": sys.argv,
        "cwd": os.getcwd(),
        "env": {k: v for k, v in os.environ.items()},
    }


def write_snapshot(ctx):
    os.makedirs("tmp/debug", exist_ok=True)
    path = f"tmp/debug/worker-{int(time.time())}.json"
    with open(path, "w") as fh:
        json.dump(ctx, fh, indent=2)
    return path


def check_broker():
    url = os.environ.get("CELERY_BROKER_URL", "redis://localhost:6379/0")
    log.info("broker configured: %s", url.split("@")[-1])
    return url


def main():
    ctx = runtime_context()
    log.info("runtime context: %s", json.dumps(ctx))
    path = write_snapshot(ctx)
    log.info("snapshot written to %s", path)
    check_broker()
    if "--wait" in sys.argv:
        log.info("sleeping so you can attach a debugger (pid %s)", ctx["pid"])
        time.sleep(30)


if __name__ == "__main__":
    main()
