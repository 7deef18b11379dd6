#!/usr/bin/env python3
"""Start the FastAPI app with auto-reload on localhost plus a local Redis via docker."""
import argparse
import atexit
import logging
import shutil
import socket
import subprocess
import sys
import time

log = logging.getLogger("dev")
REDIS_NAME = "proj-dev-redis"


def port_open(port, host="127.0.0.1"):
    with socket.socket() as s:
        s.settimeout(0.3)
        return s.connect_ex((host, port)) == 0


def start_redis(port):
    if port_open(port):
        log.info("redis already listening on %d", port)
        return False
    if not shutil.which("docker"):
        log.warning("docker not found; start redis yourself")
        return False
    subprocess.run(["docker", "run", "-d", "--rm", "--name", REDIS_NAME,
                    "-p", f"127.0.0.1:{port}:6379", "redis:7-alpine"], check=True,
                   stdout=subprocess.DEVNULL)
    for _ in range(30):
        if port_open(port):
            log.info("redis up on %d", port)
            return True
        time.sleep(0.2)
    raise SystemExit("redis did not come up")


def stop_redis():
    subprocess.run(["docker", "stop", REDIS_NAME], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--redis-port", type=int, default=6380)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if start_redis(args.redis_port):
        atexit.register(stop_redis)
    cmd = [sys.executable, "-m", "uvicorn", "app.main:app", "--reload",
           "--host", "127.0.0.1", "--port", str(args.port), "--reload-dir", "src"]
    log.info("starting %s", " ".join(cmd))
    try:
        return subprocess.call(cmd, env={**__import__("os").environ,
                                          "REDIS_URL": f"redis://127.0.0.1:{args.redis_port}/0"})
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
