#!/usr/bin/env python3
"""Run the Playwright end-to-end suite against a dev server we start ourselves.

- picks a free port, starts `pnpm dev --port N` in the web/ package
- waits for the health endpoint, runs `pnpm exec playwright test`
- always stops the server process group it started (even on Ctrl-C)
- collects traces for failed tests into test-results/ and removes old runs
"""
import argparse
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
WEB = REPO / "web"
RESULTS = WEB / "test-results"
REPORT = WEB / "playwright-report"
KEEP_RUNS = 5


def free_port() -> int:
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class DevServer:
    """Owns exactly one child process group: the dev server we spawned."""

    def __init__(self, port: int, log_path: Path, env_extra: dict):
        self.port = port
        self.log_path = log_path
        self.env_extra = env_extra
        self.proc = None
        self._log = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = dict(os.environ, PORT=str(self.port), HOST="127.0.0.1", **self.env_extra)
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self._log = self.log_path.open("w")
        self.proc = subprocess.Popen(
            ["pnpm", "dev", "--port", str(self.port), "--host", "127.0.0.1"],
            cwd=WEB, env=env, stdout=self._log, stderr=subprocess.STDOUT,
            start_new_session=True,  # own process group so we can stop vite + children
        )

    def wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        url = self.base_url + "/api/health"
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"dev server exited early, see {self.log_path}")
            try:
                with urllib.request.urlopen(url, timeout=2) as resp:
                    if resp.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.5)
        raise RuntimeError(f"dev server not ready after {timeout}s")

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        pgid = os.getpgid(self.proc.pid)
        os.killpg(pgid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(pgid, signal.SIGKILL)
            self.proc.wait()
        if self._log:
            self._log.close()

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()
        return False


def rotate_results(keep: int) -> None:
    archive = RESULTS.parent / ".e2e-runs"
    archive.mkdir(exist_ok=True)
    if RESULTS.exists():
        stamp = time.strftime("%Y%m%d-%H%M%S")
        shutil.move(str(RESULTS), archive / stamp)
    runs = sorted(p for p in archive.iterdir() if p.is_dir())
    for old in runs[:-keep]:
        shutil.rmtree(old, ignore_errors=True)


def playwright_cmd(args, base_url: str) -> list:
    cmd = ["pnpm", "exec", "playwright", "test", "--reporter=list,html"]
    if args.project:
        cmd += ["--project", args.project]
    if args.grep:
        cmd += ["--grep", args.grep]
    if args.headed:
        cmd.append("--headed")
    if args.workers:
        cmd += ["--workers", str(args.workers)]
    cmd += ["--trace", "retain-on-failure"]
    cmd += args.files
    return cmd


def failed_traces() -> list:
    if not RESULTS.exists():
        return []
    return sorted(RESULTS.rglob("trace.zip"))


def main() -> int:
    ap = argparse.ArgumentParser(description="e2e runner")
    ap.add_argument("files", nargs="*")
    ap.add_argument("--project", default="chromium")
    ap.add_argument("--grep")
    ap.add_argument("--headed", action="store_true")
    ap.add_argument("--workers", type=int)
    ap.add_argument("--timeout", type=float, default=90)
    ap.add_argument("--reuse", metavar="URL", help="use an already running server")
    ap.add_argument("--install-browsers", action="store_true",
                    help="run `playwright install chromium` first (no system deps)")
    args = ap.parse_args()

    if args.install_browsers:
        subprocess.run(["pnpm", "exec", "playwright", "install", "chromium"], cwd=WEB, check=True)
    rotate_results(KEEP_RUNS)
    if REPORT.exists():
        shutil.rmtree(REPORT)

    def handle_sigint(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, handle_sigint)

    if args.reuse:
        env = dict(os.environ, PLAYWRIGHT_BASE_URL=args.reuse)
        return subprocess.run(playwright_cmd(args, args.reuse), cwd=WEB, env=env).returncode

    port = free_port()
    log = REPO / "tmp" / "e2e-dev-server.log"
    extra = {"VITE_API_MOCKS": "1", "NODE_ENV": "test"}
    try:
        with DevServer(port, log, extra) as server:
            server.wait_ready(args.timeout)
            print(f"dev server up at {server.base_url}")
            env = dict(os.environ, PLAYWRIGHT_BASE_URL=server.base_url, CI=os.environ.get("CI", ""))
            rc = subprocess.run(playwright_cmd(args, server.base_url), cwd=WEB, env=env).returncode
    except KeyboardInterrupt:
        print("interrupted; dev server stopped")
        return 130
    except RuntimeError as exc:
        print(exc, file=sys.stderr)
        print(log.read_text()[-3000:] if log.exists() else "", file=sys.stderr)
        return 2

    traces = failed_traces()
    if traces:
        print("\ntraces for failed tests:")
        for t in traces:
            print(f"  pnpm exec playwright show-trace {t.relative_to(WEB)}")
    print(f"html report: {REPORT.relative_to(REPO)}/index.html")
    return rc


if __name__ == "__main__":
    sys.exit(main())
