#!/usr/bin/env python3
"""Smoke-test harness: boots the app server on a free 127.0.0.1 port with a
throwaway data directory, hits a list of endpoints, then shuts everything
down and removes the temporary directory.
"""
import argparse
import json
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

PROJECT = Path(__file__).absolute().parents[1]
CHECKS_FILE = PROJECT / "tests" / "smoke" / "checks.json"


@dataclass
class Check:
    path: str
    status: int = 200
    contains: str | None = None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class AppUnderTest:
    def __init__(self, data_dir: Path, port: int):
        self.data_dir = data_dir
        self.port = port
        self.proc: subprocess.Popen | None = None

    def __enter__(self):
        argv = [
            sys.executable, "-m", "marlin.server",
            "--host", "127.0.0.1",
            "--port", str(self.port),
            "--data-dir", str(self.data_dir),
        ]
        self.proc = subprocess.Popen(argv, cwd=PROJECT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self._wait_ready()
        return self

    def _wait_ready(self, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("server did not start in time")

    def get(self, path: str) -> tuple[int, str]:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=5) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()

    def __exit__(self, *exc):
        if self.proc:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        return False


def load_checks() -> list[Check]:
    return [Check(**item) for item in json.loads(CHECKS_FILE.read_text())]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--verbose", "-v", action="store_true")
    ns = ap.parse_args()
    failures = 0
    with tempfile.TemporaryDirectory(prefix="marlin-smoke-") as tmp:
        with AppUnderTest(Path(tmp), free_port()) as app:
            for check in load_checks():
                status, body = app.get(check.path)
                ok = status == check.status and (check.contains is None or check.contains in body)
                print(f"{'ok  ' if ok else 'FAIL'} {check.path} -> {status}")
                if not ok:
                    failures += 1
                    if ns.verbose:
                        print(body[:500])
    print(f"{failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
