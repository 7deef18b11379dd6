#!/usr/bin/env python3
"""End-to-end test fixture: start the API and the web app locally, run the
Playwright suite against them, and shut everything down again.

The servers are started as child processes in their own process groups on
127.0.0.1 with free ports. On exit (normal, Ctrl-C or failure) only those
process groups are terminated. A throwaway SQLite database is created in a temp
directory that is removed afterwards; test artefacts go to ./test-results.
"""
from __future__ import annotations

import argparse
import contextlib
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
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "test-results"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Service:
    name: str
    argv: list[str]
    cwd: Path
    health_path: str
    port: int = field(default_factory=free_port)
    env: dict = field(default_factory=dict)
    proc: subprocess.Popen | None = None
    log_path: Path | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, log_dir: Path) -> None:
        self.log_path = log_dir / f"{self.name}.log"
        log = self.log_path.open("w")
        env = {**os.environ, **self.env, "PORT": str(self.port), "HOST": "127.0.0.1"}
        self.proc = subprocess.Popen(
            self.argv, cwd=self.cwd, env=env, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def wait_healthy(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        last = ""
        while time.monotonic() < deadline:
            if self.proc and self.proc.poll() is not None:
                raise RuntimeError(f"{self.name} exited early with {self.proc.returncode}")
            try:
                with urllib.request.urlopen(self.url + self.health_path, timeout=2) as resp:
                    if resp.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError) as exc:
                last = str(exc)
            time.sleep(0.5)
        raise TimeoutError(f"{self.name} not healthy after {timeout}s ({last})")

    def stop(self) -> None:
        if not self.proc or self.proc.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()


class Stack:
    def __init__(self, services: list[Service], log_dir: Path):
        self.services = services
        self.log_dir = log_dir

    def __enter__(self) -> "Stack":
        for svc in self.services:
            print(f"starting {svc.name} on {svc.url}")
            svc.start(self.log_dir)
        for svc in self.services:
            svc.wait_healthy(60)
            print(f"  {svc.name} is healthy")
        return self

    def __exit__(self, *exc) -> None:
        for svc in reversed(self.services):
            svc.stop()


def build_stack(db_path: Path) -> list[Service]:
    api = Service(
        name="api",
        argv=[sys.executable, "-m", "uvicorn", "app.main:app", "--host", "127.0.0.1"],
        cwd=ROOT / "services" / "api",
        health_path="/healthz",
        env={"DATABASE_URL": f"sqlite:///{db_path}", "APP_ENV": "e2e"},
    )
    api.argv += ["--port", str(api.port)]
    web = Service(
        name="web",
        argv=["pnpm", "--dir", "apps/web", "exec", "vite", "preview", "--strictPort"],
        cwd=ROOT,
        health_path="/",
    )
    web.argv += ["--host", "127.0.0.1", "--port", str(web.port)]
    web.env["VITE_API_URL"] = api.url
    return [api, web]


def seed(db_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "app.seed", "--fixtures", "e2e"],
        cwd=ROOT / "services" / "api",
        env={**os.environ, "DATABASE_URL": f"sqlite:///{db_path}"},
        check=True,
    )


def run_playwright(base_url: str, grep: str | None, update: bool) -> int:
    argv = ["pnpm", "exec", "playwright", "test", "--reporter=line", f"--output={RESULTS}"]
    if grep:
        argv += ["--grep", grep]
    if update:
        argv.append("--update-snapshots")
    env = {**os.environ, "E2E_BASE_URL": base_url, "CI": os.environ.get("CI", "")}
    return subprocess.run(argv, cwd=ROOT, env=env).returncode


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--grep")
    ap.add_argument("--update-snapshots", action="store_true")
    ap.add_argument("--keep-logs", action="store_true")
    args = ap.parse_args()

    if RESULTS.exists():
        shutil.rmtree(RESULTS)
    RESULTS.mkdir(parents=True)
    tmp = Path(tempfile.mkdtemp(prefix="e2e-db-"))
    db_path = tmp / "e2e.sqlite3"
    log_dir = RESULTS / "server-logs"
    log_dir.mkdir()
    code = 1

    def on_signal(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, on_signal)
    try:
        seed(db_path)
        services = build_stack(db_path)
        with Stack(services, log_dir):
            code = run_playwright(services[1].url, args.grep, args.update_snapshots)
    except (TimeoutError, RuntimeError) as exc:
        print(f"stack failed: {exc}", file=sys.stderr)
        for log in sorted(log_dir.glob("*.log")):
            print(f"--- {log.name} (tail)")
            print("\n".join(log.read_text(errors="replace").splitlines()[-30:]))
    except KeyboardInterrupt:
        print("interrupted")
        code = 130
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        if not args.keep_logs and code == 0:
            shutil.rmtree(log_dir, ignore_errors=True)
    return code


if __name__ == "__main__":
    sys.exit(main())
