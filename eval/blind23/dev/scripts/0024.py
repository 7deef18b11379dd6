#!/usr/bin/env python3
"""Profile the relay daemon under a synthetic load and collect perf + py-spy output.

The daemon and the load generator are started *by this script*; the profilers are
attached only to those PIDs, and everything is shut down again on exit (also on
Ctrl-C).  Results go to build/profiles/<timestamp>/:

    perf.data, perf-report.txt, flame.svg (if inferno/flamegraph is installed)
    pyspy-loadgen.svg (the Python load generator)
    summary.json

perf needs ``kernel.perf_event_paranoid <= 1`` for user-space sampling of our own
processes.  This script only *reads* that setting and explains how to change it;
it never changes it.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DAEMON = ROOT / "build" / "relayd"
LOADGEN = [sys.executable, "-m", "relay.tools.loadgen"]
PARANOID = Path("/proc/sys/kernel/perf_event_paranoid")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
            return
        time.sleep(0.2)
    raise TimeoutError(f"daemon did not open port {port} within {timeout}s")


def check_paranoid() -> None:
    try:
        level = int(PARANOID.read_text().strip())
    except OSError:
        return
    if level > 1:
        print(f"perf_event_paranoid is {level}; perf will only see kernel-free samples.\n"
              "To allow profiling your own processes run (once, as admin):\n"
              "    sudo sysctl kernel.perf_event_paranoid=1", file=sys.stderr)


class Session:
    def __init__(self, out: Path):
        self.out = out
        self.procs: dict[str, subprocess.Popen] = {}

    def start(self, name: str, argv: list[str], **kw) -> subprocess.Popen:
        log = (self.out / f"{name}.log").open("w")
        proc = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT,
                                start_new_session=True, **kw)
        self.procs[name] = proc
        print(f"started {name} pid={proc.pid}")
        return proc

    def stop(self, name: str, sig: int = signal.SIGINT, grace: float = 10.0) -> int | None:
        proc = self.procs.get(name)
        if proc is None or proc.poll() is not None:
            return proc.returncode if proc else None
        proc.send_signal(sig)
        try:
            return proc.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            proc.kill()
            return proc.wait()

    def stop_all(self) -> None:
        for name in reversed(list(self.procs)):
            self.stop(name, signal.SIGTERM, grace=5)


def system_info() -> dict:
    """Context stored with each profile so runs on different machines are comparable."""
    info = {
        "kernel": os.uname().release,
        "cpus": os.cpu_count(),
        "python": sys.version.split()[0],
    }
    governor = Path("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")
    if governor.exists():
        info["governor"] = governor.read_text().strip()
    if shutil.which("perf"):
        ver = subprocess.run(["perf", "--version"], capture_output=True, text=True)
        info["perf"] = ver.stdout.strip()
    try:
        rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                             capture_output=True, text=True, check=True)
        info["commit"] = rev.stdout.strip()
    except (subprocess.CalledProcessError, FileNotFoundError):
        info["commit"] = "unknown"
    return info


def perf_report(out: Path) -> None:
    data = out / "perf.data"
    if not data.exists():
        return
    with (out / "perf-report.txt").open("w") as fh:
        subprocess.run(["perf", "report", "-i", str(data), "--stdio", "--no-children",
                        "--percent-limit", "1"], stdout=fh, stderr=subprocess.DEVNULL)
    if shutil.which("inferno-collapse-perf") and shutil.which("inferno-flamegraph"):
        script = subprocess.run(["perf", "script", "-i", str(data)], capture_output=True)
        collapsed = subprocess.run(["inferno-collapse-perf"], input=script.stdout,
                                   capture_output=True)
        with (out / "flame.svg").open("wb") as fh:
            subprocess.run(["inferno-flamegraph"], input=collapsed.stdout, stdout=fh)


def main() -> int:
    parser = argparse.ArgumentParser(description="profile relayd under load")
    parser.add_argument("--seconds", type=int, default=30)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--frequency", type=int, default=499)
    parser.add_argument("--no-pyspy", action="store_true")
    args = parser.parse_args()

    if not DAEMON.exists():
        print(f"{DAEMON} missing; build first (cmake --build build)", file=sys.stderr)
        return 2
    check_paranoid()
    out = ROOT / "build" / "profiles" / time.strftime("%Y%m%d-%H%M%S")
    out.mkdir(parents=True)
    port = free_port()
    session = Session(out)

    def on_signal(signum, _frame):
        print(f"signal {signum}: shutting down", file=sys.stderr)
        session.stop_all()
        sys.exit(130)

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    summary: dict = {"port": port, "seconds": args.seconds, "system": system_info()}
    try:
        daemon = session.start("relayd", [str(DAEMON), "--listen", f"127.0.0.1:{port}",
                                          "--log-level", "warn"])
        wait_for_port(port)
        session.start("perf", ["perf", "record", "-F", str(args.frequency), "-g",
                               "-p", str(daemon.pid), "-o", str(out / "perf.data")])
        loadgen = session.start("loadgen", LOADGEN + ["--port", str(port),
                                                      "--connections", str(args.connections),
                                                      "--duration", str(args.seconds)])
        if not args.no_pyspy and shutil.which("py-spy"):
            session.start("py-spy", ["py-spy", "record", "--pid", str(loadgen.pid),
                                     "--output", str(out / "pyspy-loadgen.svg"),
                                     "--duration", str(args.seconds)])
        summary["loadgen_exit"] = loadgen.wait(timeout=args.seconds + 60)
        summary["perf_exit"] = session.stop("perf")
        session.stop("py-spy", grace=30)
        summary["daemon_exit"] = session.stop("relayd", signal.SIGTERM)
    finally:
        session.stop_all()

    perf_report(out)
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    print(f"results in {out.relative_to(ROOT)}")
    for name in ("perf-report.txt", "flame.svg", "pyspy-loadgen.svg"):
        path = out / name
        if path.exists():
            print(f"  {name:20} {path.stat().st_size / 1024:.0f} KiB")
    return 0 if summary.get("loadgen_exit") == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
