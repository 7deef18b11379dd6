#!/usr/bin/env python3
"""Benchmark harness for the thumbnailer HTTP service.

Builds nothing itself: it starts the service binary from ./target/release,
waits for /healthz on 127.0.0.1, drives it with `wrk`, parses the output and
stores results both in ./bench/results and a per-user cache under
~/.cache/thumbbench/ so successive runs on one machine can be compared.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

BIN = Path("target/release/thumbd")
RESULTS = Path("bench/results")
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "thumbbench"
LAT_RE = re.compile(r"Latency\s+([\d.]+)(us|ms|s)")
RPS_RE = re.compile(r"Requests/sec:\s+([\d.]+)")
PCT_RE = re.compile(r"^\s+(50|75|90|99)%\s+([\d.]+)(us|ms|s)", re.M)
SCALE = {"us": 0.001, "ms": 1.0, "s": 1000.0}
SCENARIOS = {
    "small": "/thumb?src=fixtures/small.jpg&w=64",
    "large": "/thumb?src=fixtures/large.jpg&w=512",
    "miss": "/thumb?src=fixtures/missing.jpg&w=64",
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_healthy(port: int, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    url = f"http://127.0.0.1:{port}/healthz"
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=1) as resp:
                if resp.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"service did not become healthy on port {port}")


@contextmanager
def service(port: int, workers: int):
    if not BIN.exists():
        raise SystemExit(f"{BIN} missing; run `cargo build --release` first")
    env = dict(os.environ, THUMBD_BIND=f"127.0.0.1:{port}", THUMBD_WORKERS=str(workers),
               RUST_LOG="warn")
    proc = subprocess.Popen([str(BIN)], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, start_new_session=True)
    try:
        wait_healthy(port)
        yield proc
    finally:
        # only our own child's process group
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=10)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(proc.pid, signal.SIGKILL)


def run_wrk(port: int, path: str, threads: int, conns: int, seconds: int) -> dict:
    argv = ["wrk", f"-t{threads}", f"-c{conns}", f"-d{seconds}s", "--latency",
            f"http://127.0.0.1:{port}{path}"]
    out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
    lat = LAT_RE.search(out)
    rps = RPS_RE.search(out)
    pcts = {f"p{p}": float(v) * SCALE[u] for p, v, u in PCT_RE.findall(out)}
    return {
        "mean_ms": float(lat.group(1)) * SCALE[lat.group(2)] if lat else None,
        "rps": float(rps.group(1)) if rps else None,
        **pcts,
    }


def git_rev() -> str:
    proc = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return proc.stdout.strip() or "unknown"


def check_tools() -> None:
    missing = [tool for tool in ("wrk", "git") if shutil.which(tool) is None]
    if missing:
        raise SystemExit(f"missing tools: {', '.join(missing)}")
    governor = Path("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")
    if governor.exists() and governor.read_text().strip() == "powersave":
        print("warning: CPU governor is 'powersave'; numbers will be noisy", file=sys.stderr)


def compare(current: dict, previous: dict | None) -> list[str]:
    if not previous:
        return ["(no previous run cached)"]
    lines = []
    for name, stats in current["scenarios"].items():
        old = previous.get("scenarios", {}).get(name)
        if not old or not old.get("rps") or not stats.get("rps"):
            continue
        delta = (stats["rps"] - old["rps"]) / old["rps"] * 100
        lines.append(f"{name:>6}: {old['rps']:.0f} -> {stats['rps']:.0f} rps ({delta:+.1f}%)")
    return lines


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scenario", action="append", choices=sorted(SCENARIOS))
    ap.add_argument("--threads", type=int, default=4)
    ap.add_argument("--connections", type=int, default=64)
    ap.add_argument("--duration", type=int, default=15)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args(argv)
    chosen = args.scenario or sorted(SCENARIOS)
    check_tools()

    port = free_port()
    result = {"rev": git_rev(), "at": time.strftime("%Y-%m-%dT%H:%M:%S"), "scenarios": {}}
    with service(port, args.workers):
        for name in chosen:
            print(f"running {name} ...", flush=True)
            result["scenarios"][name] = run_wrk(port, SCENARIOS[name], args.threads,
                                                args.connections, args.duration)

    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / f"{result['rev']}-{int(time.time())}.json"
    out.write_text(json.dumps(result, indent=2), encoding="utf-8")

    CACHE.mkdir(parents=True, exist_ok=True)
    last = CACHE / "last.json"
    previous = json.loads(last.read_text()) if last.exists() else None
    last.write_text(json.dumps(result), encoding="utf-8")

    print(json.dumps(result["scenarios"], indent=2))
    print("\n".join(compare(result, previous)))
    print(f"saved {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
