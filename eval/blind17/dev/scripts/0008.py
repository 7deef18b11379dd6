#!/usr/bin/env python3
"""Start and stop the local development stack of the `harbor` services.

`up`   : docker compose up -d (postgres, redis, kafka, minio), wait for health,
         create the local kafka topics and minio bucket, then start the API and
         the worker as background processes whose PIDs go to .devstack/*.pid
`down` : stop the API/worker using those pid files, then docker compose down
`nuke` : like down, plus `down -v` to drop the project's own volumes
`ps`   : show what is running
"""
import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STATE = ROOT / ".devstack"
COMPOSE = ["docker", "compose", "-p", "harbor-dev", "-f", str(ROOT / "compose.dev.yaml")]

SERVICES = {
    "postgres": {"port": 5432, "check": "tcp"},
    "redis": {"port": 6379, "check": "tcp"},
    "kafka": {"port": 9092, "check": "tcp"},
    "minio": {"port": 9000, "check": "http", "path": "/minio/health/live"},
}

PROCESSES = {
    "api": [sys.executable, "-m", "uvicorn", "harbor.api:app", "--port", "8000", "--reload"],
    "worker": [sys.executable, "-m", "harbor.worker", "--concurrency", "2"],
}

TOPICS = ["harbor.orders", "harbor.orders.dlq", "harbor.audit"]
BUCKET = "harbor-dev"


def compose(*args, check=True, capture=False):
    return subprocess.run([*COMPOSE, *args], cwd=ROOT, check=check, capture_output=capture, text=True)


def tcp_ready(port):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


def http_ready(port, path):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=2) as r:
            return 200 <= r.status < 300
    except OSError:
        return False


def wait_healthy(timeout):
    deadline = time.time() + timeout
    pending = dict(SERVICES)
    while pending and time.time() < deadline:
        for name, spec in list(pending.items()):
            ok = tcp_ready(spec["port"]) if spec["check"] == "tcp" else http_ready(spec["port"], spec["path"])
            if ok:
                print(f"  {name:9} ready")
                pending.pop(name)
        if pending:
            time.sleep(1)
    if pending:
        compose("logs", "--tail", "50", *pending, check=False)
        sys.exit(f"services not healthy after {timeout}s: {', '.join(pending)}")


def bootstrap():
    for topic in TOPICS:
        compose("exec", "-T", "kafka", "kafka-topics", "--bootstrap-server", "localhost:9092",
                "--create", "--if-not-exists", "--topic", topic, "--partitions", "3",
                "--replication-factor", "1", check=True, capture=True)
        print(f"  topic {topic}")
    compose("exec", "-T", "minio", "mc", "alias", "set", "local", "http://localhost:9000",
            "minioadmin", "minioadmin", capture=True)
    compose("exec", "-T", "minio", "mc", "mb", "--ignore-existing", f"local/{BUCKET}", capture=True)
    print(f"  bucket {BUCKET}")


def pid_path(name):
    return STATE / f"{name}.pid"


def start_processes():
    STATE.mkdir(exist_ok=True)
    env = dict(os.environ)
    env_file = ROOT / ".env.local"
    if env_file.exists():
        for line in env_file.read_text().splitlines():
            if line and not line.startswith("#") and "=" in line:
                k, v = line.split("=", 1)
                env.setdefault(k, v)
    for name, argv in PROCESSES.items():
        if read_pid(name):
            print(f"  {name} already running")
            continue
        log = open(STATE / f"{name}.log", "ab")
        proc = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True)
        pid_path(name).write_text(str(proc.pid))
        print(f"  {name} started (pid {proc.pid})")


def read_pid(name):
    p = pid_path(name)
    if not p.exists():
        return None
    pid = int(p.read_text().strip() or 0)
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, ValueError):
        p.unlink(missing_ok=True)
        return None
    return pid


def stop_processes(timeout=10):
    for name in PROCESSES:
        pid = read_pid(name)
        if not pid:
            continue
        print(f"  stopping {name} (pid {pid})")
        os.killpg(pid, signal.SIGTERM)
        for _ in range(timeout * 10):
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.1)
        else:
            print(f"  {name} did not exit, sending SIGKILL")
            os.killpg(pid, signal.SIGKILL)
        pid_path(name).unlink(missing_ok=True)


def cmd_up(args):
    compose("up", "-d", *SERVICES)
    wait_healthy(args.timeout)
    bootstrap()
    if not args.infra_only:
        start_processes()


def cmd_down(args):
    stop_processes()
    compose("down", "--remove-orphans")


def cmd_nuke(args):
    if not args.yes:
        sys.exit("nuke drops the harbor-dev volumes (local data); pass --yes")
    stop_processes()
    compose("down", "-v", "--remove-orphans")
    for f in STATE.glob("*.log"):
        f.unlink()


def cmd_ps(args):
    out = compose("ps", "--format", "json", capture=True)
    rows = [json.loads(l) for l in out.stdout.splitlines() if l.strip()]
    for row in rows:
        print(f"  {row.get('Service', '?'):10} {row.get('State', '?'):10} {row.get('Health', '')}")
    for name in PROCESSES:
        pid = read_pid(name)
        print(f"  {name:10} {'running pid ' + str(pid) if pid else 'stopped'}")


def main(argv=None):
    ap = argparse.ArgumentParser(prog="devstack")
    sub = ap.add_subparsers(dest="cmd", required=True)
    up = sub.add_parser("up")
    up.add_argument("--timeout", type=int, default=90)
    up.add_argument("--infra-only", action="store_true")
    up.set_defaults(func=cmd_up)
    sub.add_parser("down").set_defaults(func=cmd_down)
    nk = sub.add_parser("nuke")
    nk.add_argument("--yes", action="store_true")
    nk.set_defaults(func=cmd_nuke)
    sub.add_parser("ps").set_defaults(func=cmd_ps)
    args = ap.parse_args(argv)
    args.func(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
