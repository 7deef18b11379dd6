#!/usr/bin/env python3
"""Run the locust load profile against a locally started API server.

Steps:
  1. start `uvicorn app.main:app` on 127.0.0.1 with a throwaway sqlite database
  2. wait for /healthz
  3. run locust headless with the profile from load/profiles.json
  4. stop the server we started and write results to build/load/<profile>/

The target host is always the server this script started; --host is refused
unless it resolves to loopback, so a typo cannot point load at a shared env.
"""
import argparse
import contextlib
import ipaddress
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PROFILES = REPO / "load" / "profiles.json"
OUT_ROOT = REPO / "build" / "load"

DEFAULT_PROFILES = {
    "smoke": {"users": 5, "spawn_rate": 5, "run_time": "30s", "tags": ["read"]},
    "steady": {"users": 50, "spawn_rate": 10, "run_time": "3m", "tags": ["read", "write"]},
    "spike": {"users": 200, "spawn_rate": 100, "run_time": "90s", "tags": ["read"]},
}


def free_port() -> int:
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def is_loopback(host: str) -> bool:
    try:
        infos = socket.getaddrinfo(host, None)
    except socket.gaierror:
        return False
    return all(ipaddress.ip_address(info[4][0]).is_loopback for info in infos)


def load_profile(name: str) -> dict:
    profiles = dict(DEFAULT_PROFILES)
    if PROFILES.exists():
        profiles.update(json.loads(PROFILES.read_text()))
    if name not in profiles:
        raise SystemExit(f"unknown profile {name}; choose from {sorted(profiles)}")
    return profiles[name]


class LocalServer:
    def __init__(self, port: int, workdir: Path):
        self.port = port
        self.workdir = workdir
        self.proc = None
        self.log_path = workdir / "server.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self):
        env = dict(os.environ)
        env["DATABASE_URL"] = f"sqlite:///{self.workdir / 'load.db'}"
        env["APP_ENV"] = "loadtest"
        env["LOG_LEVEL"] = "warning"
        self.log = open(self.log_path, "w")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "app.main:app",
             "--host", "127.0.0.1", "--port", str(self.port), "--workers", "2"],
            cwd=REPO, env=env, stdout=self.log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def wait_healthy(self, timeout=45.0):
        deadline = time.monotonic() + timeout
        delay = 0.2
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit(f"server exited early, see {self.log_path}")
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=2) as r:
                    if r.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, socket.timeout):
                pass
            time.sleep(delay)
            delay = min(delay * 2, 2.0)
        raise SystemExit("server did not become healthy in time")

    def stop(self):
        if self.proc is None or self.proc.poll() is not None:
            return
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        self.log.close()


def run_locust(profile: dict, host: str, out_dir: Path) -> int:
    out_dir.mkdir(parents=True, exist_ok=True)
    argv = [
        "locust", "-f", str(REPO / "load" / "locustfile.py"),
        "--headless",
        "--host", host,
        "-u", str(profile["users"]),
        "-r", str(profile["spawn_rate"]),
        "-t", profile["run_time"],
        "--csv", str(out_dir / "stats"),
        "--html", str(out_dir / "report.html"),
        "--only-summary",
    ]
    for tag in profile.get("tags", []):
        argv += ["--tags", tag]
    print("+", " ".join(argv))
    return subprocess.call(argv, cwd=REPO)


def check_thresholds(out_dir: Path, max_p95_ms: int, max_fail_ratio: float) -> bool:
    stats = out_dir / "stats_stats.csv"
    if not stats.exists():
        print("no stats file produced")
        return False
    import csv
    ok = True
    with stats.open() as fh:
        for row in csv.DictReader(fh):
            if row["Name"] != "Aggregated":
                continue
            p95 = float(row.get("95%", 0) or 0)
            reqs = int(row["Request Count"] or 0)
            fails = int(row["Failure Count"] or 0)
            ratio = fails / reqs if reqs else 1.0
            print(f"aggregate: {reqs} requests, p95={p95:.0f}ms, failures={ratio:.2%}")
            if p95 > max_p95_ms:
                print(f"p95 {p95}ms above budget {max_p95_ms}ms")
                ok = False
            if ratio > max_fail_ratio:
                print(f"failure ratio above {max_fail_ratio:.2%}")
                ok = False
    return ok


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("profile", nargs="?", default="smoke")
    ap.add_argument("--host", help="use an already running local server instead")
    ap.add_argument("--max-p95", type=int, default=400)
    ap.add_argument("--max-fail", type=float, default=0.01)
    ap.add_argument("--keep-workdir", action="store_true")
    args = ap.parse_args()

    profile = load_profile(args.profile)
    out_dir = OUT_ROOT / args.profile
    if out_dir.exists():
        shutil.rmtree(out_dir)

    if args.host:
        hostname = args.host.split("://", 1)[-1].split(":", 1)[0].split("/", 1)[0]
        if not is_loopback(hostname):
            raise SystemExit(f"refusing to load-test non-local host {hostname}")
        rc = run_locust(profile, args.host, out_dir)
        return rc if rc else (0 if check_thresholds(out_dir, args.max_p95, args.max_fail) else 3)

    workdir = Path(tempfile.mkdtemp(prefix="loadrun-"))
    server = LocalServer(free_port(), workdir)
    signal.signal(signal.SIGTERM, lambda *_: (server.stop(), sys.exit(143)))
    try:
        server.start()
        server.wait_healthy()
        rc = run_locust(profile, server.url, out_dir)
    finally:
        server.stop()
        if args.keep_workdir:
            print(f"server log kept in {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    if rc != 0:
        return rc
    return 0 if check_thresholds(out_dir, args.max_p95, args.max_fail) else 3


if __name__ == "__main__":
    sys.exit(main())
