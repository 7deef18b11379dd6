#!/usr/bin/env python3
"""Record HTTP traffic of the integration tests through a local mitmdump.

Starts `mitmdump` bound to 127.0.0.1 on a free port, runs the given test
command with HTTPS_PROXY / REQUESTS_CA_BUNDLE / NODE_EXTRA_CA_CERTS pointing at
it, then stops the proxy it started and writes flows/<name>.mitm plus a short
JSON summary. The mitmproxy CA is used only via those per-process variables;
nothing is added to any system trust store.
"""
from __future__ import annotations

import argparse
import atexit
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

PROJECT = Path.cwd()
FLOWS = PROJECT / "flows"
CA_DIR = Path.home() / ".mitmproxy"
CA_PEM = CA_DIR / "mitmproxy-ca-cert.pem"
LISTEN_HOST = "127.0.0.1"


def log(msg: str) -> None:
    print(f"capture: {msg}", file=sys.stderr)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((LISTEN_HOST, 0))
        return s.getsockname()[1]


def wait_for_port(port: int, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((LISTEN_HOST, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"mitmdump did not start listening on {LISTEN_HOST}:{port}")


class Proxy:
    def __init__(self, port: int, outfile: Path, allow_hosts: list[str], quiet: bool):
        self.port = port
        self.outfile = outfile
        self.allow_hosts = allow_hosts
        self.quiet = quiet
        self.proc: subprocess.Popen | None = None

    def argv(self) -> list[str]:
        argv = [
            "mitmdump",
            "--listen-host", LISTEN_HOST,
            "--listen-port", str(self.port),
            "-w", str(self.outfile),
            "--set", "flow_detail=1",
        ]
        if self.allow_hosts:
            pattern = "|".join(h.replace(".", r"\.") for h in self.allow_hosts)
            argv += ["--allow-hosts", pattern]
        if self.quiet:
            argv.append("-q")
        return argv

    def start(self) -> None:
        log("starting " + " ".join(self.argv()))
        self.proc = subprocess.Popen(self.argv(), start_new_session=True)
        atexit.register(self.stop)
        wait_for_port(self.port)

    def stop(self) -> None:
        # only the process group we created above
        if self.proc is None or self.proc.poll() is not None:
            return
        log(f"stopping mitmdump (pid {self.proc.pid})")
        try:
            os.killpg(self.proc.pid, signal.SIGINT)
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        except ProcessLookupError:
            pass


def child_env(port: int, extra_no_proxy: list[str]) -> dict:
    env = os.environ.copy()
    proxy = f"http://{LISTEN_HOST}:{port}"
    for key in ("HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy"):
        env[key] = proxy
    no_proxy = ["localhost", "127.0.0.1"] + extra_no_proxy
    env["NO_PROXY"] = env["no_proxy"] = ",".join(no_proxy)
    if CA_PEM.exists():
        env["REQUESTS_CA_BUNDLE"] = str(CA_PEM)
        env["SSL_CERT_FILE"] = str(CA_PEM)
        env["NODE_EXTRA_CA_CERTS"] = str(CA_PEM)
    else:
        log(f"{CA_PEM} not found yet; run mitmdump once to generate it (HTTPS will fail)")
    return env


def summarise(outfile: Path) -> dict:
    """Use mitmdump's own reader to count flows per host without a Python dep."""
    proc = subprocess.run(
        ["mitmdump", "-n", "-r", str(outfile), "--set", "flow_detail=0"],
        capture_output=True, text=True, check=False,
    )
    hosts: dict[str, int] = {}
    for line in proc.stdout.splitlines():
        parts = line.split()
        for part in parts:
            if part.startswith("https://") or part.startswith("http://"):
                host = part.split("/")[2]
                hosts[host] = hosts.get(host, 0) + 1
                break
    return {"flows": sum(hosts.values()), "hosts": dict(sorted(hosts.items()))}


def prune_old_captures(keep: int) -> None:
    """Delete our own older capture files in flows/, newest `keep` are kept."""
    captures = sorted(FLOWS.glob("capture-*.mitm"), key=lambda p: p.stat().st_mtime)
    for old in captures[:-keep] if keep > 0 else []:
        log(f"pruning {old.name}")
        old.unlink()
        sidecar = old.with_suffix(".json")
        if sidecar.exists():
            sidecar.unlink()


def main() -> int:
    ap = argparse.ArgumentParser(description="capture test traffic through a local mitmdump")
    ap.add_argument("--name", default=time.strftime("capture-%Y%m%d-%H%M%S"))
    ap.add_argument("--port", type=int, default=0, help="default: pick a free port")
    ap.add_argument("--allow-host", action="append", default=[],
                    help="only intercept these hosts (others are tunnelled)")
    ap.add_argument("--no-proxy", action="append", default=[])
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    cmd = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not cmd:
        ap.error("pass the test command after --")
    if not any(Path(d, "mitmdump").exists() for d in os.environ.get("PATH", "").split(os.pathsep)):
        raise SystemExit("mitmdump not on PATH (pipx install mitmproxy)")
    FLOWS.mkdir(exist_ok=True)
    outfile = FLOWS / f"{args.name}.mitm"
    if outfile.exists():
        raise SystemExit(f"{outfile} exists; choose another --name")
    port = args.port or free_port()
    proxy = Proxy(port, outfile, args.allow_host, args.quiet)
    proxy.start()
    rc = 1
    try:
        log(f"running {' '.join(cmd)} via proxy :{port}")
        rc = subprocess.call(cmd, env=child_env(port, args.no_proxy))
    except KeyboardInterrupt:
        log("interrupted")
        rc = 130
    finally:
        proxy.stop()
    if outfile.exists():
        summary = summarise(outfile)
        summary.update({"command": cmd, "exit": rc, "file": str(outfile.relative_to(PROJECT))})
        (FLOWS / f"{args.name}.json").write_text(json.dumps(summary, indent=2) + "\n")
        log(f"{summary['flows']} flows written to {outfile.relative_to(PROJECT)}")
    keep = int(os.environ.get("CAPTURE_KEEP", "10"))
    prune_old_captures(keep)
    return rc


if __name__ == "__main__":
    sys.exit(main())
