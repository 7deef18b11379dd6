#!/usr/bin/env python3
"""Closed-loop HTTP benchmark for the quotes service, stdlib only.

Starts `python -m quotes.server` on 127.0.0.1 with a free port, waits until
it answers, hammers a few endpoints from a thread pool with keep-alive
connections, then stops the server it started. Results are written to
benchmarks/out/ and compared with the last run cached under
~/.cache/quotes-bench/ on this machine.

    python3 benchmarks/http_bench.py --threads 16 --seconds 20
    python3 benchmarks/http_bench.py --endpoint /v1/quote?sku=A1 --endpoint /v1/health
"""
from __future__ import annotations

import argparse
import concurrent.futures as futures
import http.client
import json
import os
import platform
import re
import socket
import statistics
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

OUT_DIR = Path("benchmarks") / "out"
CACHE_DIR = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "quotes-bench"
DEFAULT_ENDPOINTS = ["/v1/health", "/v1/quote?sku=A1&qty=3", "/v1/quote?sku=ZZ9&qty=1"]
ENDPOINT_RE = re.compile(r"^/[A-Za-z0-9/_.?=&-]*$")


def pick_port() -> int:
    with closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """The service under test; a child process of this harness only."""

    def __init__(self, port: int, workers: int) -> None:
        self.port = port
        self.workers = workers
        self.proc: subprocess.Popen | None = None

    def __enter__(self) -> "Server":
        env = dict(os.environ, QUOTES_HOST="127.0.0.1", QUOTES_PORT=str(self.port),
                   QUOTES_WORKERS=str(self.workers), QUOTES_LOG_LEVEL="warning")
        self.proc = subprocess.Popen([sys.executable, "-m", "quotes.server"], env=env,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode(errors="replace") if self.proc.stderr else ""
                raise RuntimeError(f"server exited early:\n{err}")
            try:
                with closing(http.client.HTTPConnection("127.0.0.1", self.port, timeout=1)) as c:
                    c.request("GET", "/v1/health")
                    if c.getresponse().status == 200:
                        return self
            except OSError:
                time.sleep(0.1)
        self.__exit__(None, None, None)
        raise RuntimeError("server did not become ready in 20s")

    def __exit__(self, *exc: object) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def worker(port: int, endpoints: list[str], stop_at: float) -> tuple[list[float], int]:
    latencies: list[float] = []
    errors = 0
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    i = 0
    while time.monotonic() < stop_at:
        path = endpoints[i % len(endpoints)]
        i += 1
        t0 = time.perf_counter()
        try:
            conn.request("GET", path, headers={"Connection": "keep-alive"})
            resp = conn.getresponse()
            resp.read()
            if resp.status >= 400:
                errors += 1
        except (OSError, http.client.HTTPException):
            errors += 1
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            continue
        latencies.append((time.perf_counter() - t0) * 1000)
    conn.close()
    return latencies, errors


def quantile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    idx = min(len(sorted_values) - 1, max(0, int(round(q * (len(sorted_values) - 1)))))
    return sorted_values[idx]


def summarise(samples: list[float], errors: int, seconds: float) -> dict:
    samples.sort()
    return {
        "requests": len(samples),
        "errors": errors,
        "rps": round(len(samples) / seconds, 1),
        "mean_ms": round(statistics.fmean(samples), 3) if samples else 0.0,
        "p50_ms": round(quantile(samples, 0.50), 3),
        "p95_ms": round(quantile(samples, 0.95), 3),
        "p99_ms": round(quantile(samples, 0.99), 3),
        "max_ms": round(samples[-1], 3) if samples else 0.0,
    }


def machine() -> dict:
    return {"python": platform.python_version(), "machine": platform.machine(),
            "cpus": os.cpu_count(), "system": platform.system()}


def compare(current: dict, previous: dict | None) -> None:
    if not previous:
        print("no cached previous run on this machine")
        return
    for key in ("rps", "p50_ms", "p99_ms"):
        old, new = previous["result"].get(key), current["result"].get(key)
        if old:
            print(f"{key:>7}: {old} -> {new} ({(new - old) / old * 100:+.1f}%)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--threads", type=int, default=8)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--server-workers", type=int, default=2)
    ap.add_argument("--endpoint", action="append")
    ap.add_argument("--label", default="")
    args = ap.parse_args(argv)
    endpoints = args.endpoint or DEFAULT_ENDPOINTS
    for e in endpoints:
        if not ENDPOINT_RE.match(e):
            ap.error(f"endpoint must be a path: {e!r}")
    if not 1 <= args.threads <= 256:
        ap.error("--threads must be 1..256")

    port = pick_port()
    with Server(port, args.server_workers):
        stop_at = time.monotonic() + args.seconds
        with futures.ThreadPoolExecutor(max_workers=args.threads) as pool:
            jobs = [pool.submit(worker, port, endpoints, stop_at) for _ in range(args.threads)]
            samples: list[float] = []
            errors = 0
            for job in futures.as_completed(jobs):
                lat, err = job.result()
                samples.extend(lat)
                errors += err
    run = {"at": time.strftime("%Y-%m-%dT%H:%M:%S"), "label": args.label, "threads": args.threads,
           "endpoints": endpoints, "machine": machine(), "result": summarise(samples, errors, args.seconds)}

    OUT_DIR.mkdir(parents=True, exist_ok=True)
    out = OUT_DIR / f"bench-{int(time.time())}.json"
    out.write_text(json.dumps(run, indent=2), encoding="utf-8")
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    cached = CACHE_DIR / "previous.json"
    previous = json.loads(cached.read_text()) if cached.exists() else None
    cached.write_text(json.dumps(run), encoding="utf-8")

    print(json.dumps(run["result"], indent=2))
    compare(run, previous)
    print(f"wrote {out}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
