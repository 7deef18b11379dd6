#!/usr/bin/env python3
"""Run the pytest-playwright browser suite against a Flask dev server.

The server is started from this script on 127.0.0.1 with a free port and a
fresh SQLite file under .e2e/, so tests never touch a developer's own data.
Only the server process started here is stopped at the end. Videos and
traces of failed tests are kept; everything else in .e2e/ is removed.
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
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
E2E_DIR = ROOT / ".e2e"
ARTIFACTS = E2E_DIR / "artifacts"


def free_port() -> int:
    with contextlib.closing(socket.socket()) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_up(url: str, proc: subprocess.Popen, timeout: float) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=1) as resp:
                if resp.status < 500:
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"{url} not reachable after {timeout}s")


@contextlib.contextmanager
def flask_server(port: int, db_path: Path):
    env = dict(os.environ)
    env.update({
        "FLASK_APP": "shipping_web.app:create_app",
        "FLASK_DEBUG": "0",
        "DATABASE_URL": f"sqlite:///{db_path}",
        "SECRET_KEY": "e2e-only-not-secret",
        "MAIL_BACKEND": "console",
    })
    log = (E2E_DIR / "server.log").open("w")
    subprocess.run([sys.executable, "-m", "flask", "db", "upgrade"], cwd=ROOT, env=env, check=True,
                   stdout=log, stderr=subprocess.STDOUT)
    subprocess.run([sys.executable, "-m", "flask", "seed", "--profile", "e2e"], cwd=ROOT, env=env,
                   check=True, stdout=log, stderr=subprocess.STDOUT)
    proc = subprocess.Popen(
        [sys.executable, "-m", "flask", "run", "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_up(f"http://127.0.0.1:{port}/healthz", proc, 30)
        yield f"http://127.0.0.1:{port}"
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
        log.close()


def pytest_args(args, base_url: str) -> list[str]:
    argv = [sys.executable, "-m", "pytest", "tests/e2e",
            f"--base-url={base_url}",
            f"--browser={args.browser}",
            f"--output={ARTIFACTS}",
            "--tracing=retain-on-failure",
            "--video=retain-on-failure",
            "-p", "no:cacheprovider"]
    if args.headed:
        argv.append("--headed")
    if args.k:
        argv += ["-k", args.k]
    if args.workers:
        argv += ["-n", str(args.workers)]
    return argv


def reset_dir() -> Path:
    if E2E_DIR.exists():
        keep = E2E_DIR / "last-failures"
        if ARTIFACTS.exists() and any(ARTIFACTS.iterdir()):
            if keep.exists():
                shutil.rmtree(keep)
            shutil.move(str(ARTIFACTS), keep)
        for child in E2E_DIR.iterdir():
            if child.name != "last-failures":
                shutil.rmtree(child) if child.is_dir() else child.unlink()
    E2E_DIR.mkdir(exist_ok=True)
    return E2E_DIR / "e2e.sqlite3"


def ensure_browsers(browser: str) -> None:
    marker = E2E_DIR.parent / ".playwright-browsers-ok"
    if marker.exists():
        return
    subprocess.run([sys.executable, "-m", "playwright", "install", browser], check=True)
    marker.touch()


def junit_failures(path: Path) -> list[str]:
    """Names of failed tests from pytest's junit output, for the summary line."""
    if not path.exists():
        return []
    import xml.etree.ElementTree as ET

    names = []
    for case in ET.parse(path).getroot().iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            names.append(f"{case.get('classname')}::{case.get('name')}")
    return names


def rerun_failed_args(args, base_url: str, failed: list[str]) -> list[str]:
    """Second attempt for failures only, to separate flaky tests from real ones."""
    argv = pytest_args(args, base_url)
    argv = [a for a in argv if not a.startswith("-k")]
    argv += ["--lf", "--junitxml", str(E2E_DIR / "rerun.xml")]
    return argv


def summarize() -> None:
    traces = sorted(ARTIFACTS.rglob("trace.zip")) if ARTIFACTS.exists() else []
    if not traces:
        return
    print("\nfailed test traces:")
    for t in traces:
        print(f"  playwright show-trace {t.relative_to(ROOT)}")


def main() -> int:
    ap = argparse.ArgumentParser(description="browser tests against a local Flask server")
    ap.add_argument("--browser", default="chromium", choices=["chromium", "firefox", "webkit"])
    ap.add_argument("--headed", action="store_true", help="show the browser")
    ap.add_argument("-k")
    ap.add_argument("--workers", type=int)
    ap.add_argument("--base-url", help="use an already running server instead")
    args = ap.parse_args()

    db_path = reset_dir()
    ensure_browsers(args.browser)
    if args.base_url:
        return subprocess.run(pytest_args(args, args.base_url), cwd=ROOT).returncode
    port = free_port()
    try:
        with flask_server(port, db_path) as base_url:
            print(f"server at {base_url}")
            first = pytest_args(args, base_url) + ["--junitxml", str(E2E_DIR / "run.xml")]
            rc = subprocess.run(first, cwd=ROOT).returncode
            failed = junit_failures(E2E_DIR / "run.xml")
            if rc != 0 and 0 < len(failed) <= 5:
                print(f"re-running {len(failed)} failed test(s) once")
                rc = subprocess.run(rerun_failed_args(args, base_url, failed), cwd=ROOT).returncode
    except RuntimeError as exc:
        print(exc, file=sys.stderr)
        log = E2E_DIR / "server.log"
        if log.exists():
            print(log.read_text()[-2000:], file=sys.stderr)
        return 2
    summarize()
    return rc


if __name__ == "__main__":
    sys.exit(main())
