#!/usr/bin/env python3
"""Bring up the harbor stack with docker compose, load-test it with k6, tear it down.

    python3 load/compose_k6.py spike
    python3 load/compose_k6.py soak --keep-stack
    python3 load/compose_k6.py --list

The compose project name is fixed to "harbor-load" so `docker compose down -v`
only removes the containers and volumes of this load-test stack - never the
developer's normal "harbor" dev stack or any other compose project. k6 runs on
the host and talks to the gateway published on 127.0.0.1.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
COMPOSE_FILES = [REPO / "docker-compose.yml", REPO / "load" / "compose.load.yml"]
PROJECT = "harbor-load"
GATEWAY = "http://127.0.0.1:18080"
SCENARIO_DIR = REPO / "load" / "k6"
OUT_DIR = REPO / "build" / "k6-runs"

THRESHOLDS = {
    "smoke": {"p95_ms": 300, "error_rate": 0.001},
    "spike": {"p95_ms": 1200, "error_rate": 0.02},
    "soak": {"p95_ms": 500, "error_rate": 0.005},
}


def compose(*args: str, check: bool = True, capture: bool = False) -> subprocess.CompletedProcess:
    argv = ["docker", "compose", "-p", PROJECT]
    for f in COMPOSE_FILES:
        argv += ["-f", str(f)]
    argv += list(args)
    print("+", " ".join(argv[4:]) if not capture else "", file=sys.stderr) if not capture else None
    return subprocess.run(argv, cwd=REPO, check=check, text=True, capture_output=capture)


def scenarios() -> dict[str, Path]:
    return {p.stem: p for p in sorted(SCENARIO_DIR.glob("*.js"))}


def http_ok(url: str, timeout: float = 2.0) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            return 200 <= resp.status < 300
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return False


def wait_for_gateway(deadline_s: float = 180) -> None:
    deadline = time.monotonic() + deadline_s
    attempt = 0
    while time.monotonic() < deadline:
        attempt += 1
        if http_ok(f"{GATEWAY}/readyz"):
            print(f"gateway ready after {attempt} probes", file=sys.stderr)
            return
        ps = compose("ps", "--format", "json", capture=True, check=False).stdout
        exited = [line for line in ps.splitlines() if '"State":"exited"' in line]
        if exited:
            compose("logs", "--tail", "40", check=False)
            raise SystemExit("a service exited during startup")
        time.sleep(min(2 * attempt, 10))
    raise SystemExit("gateway not ready in time")


def seed() -> None:
    compose("run", "--rm", "--no-deps", "api", "python", "-m", "harbor.seed", "--profile", "load")


def k6_run(script: Path, extra: list[str], summary: Path) -> int:
    env = dict(os.environ)
    env["BASE_URL"] = GATEWAY
    env["K6_NO_USAGE_REPORT"] = "true"
    argv = ["k6", "run", "--summary-export", str(summary), "--quiet", *extra, str(script)]
    print("+", " ".join(argv), file=sys.stderr)
    return subprocess.call(argv, cwd=REPO, env=env)


def evaluate(name: str, summary: Path) -> list[str]:
    data = json.loads(summary.read_text())
    metrics = data.get("metrics", {})
    p95 = metrics.get("http_req_duration", {}).get("p(95)", 0.0)
    failed = metrics.get("http_req_failed", {}).get("value", 0.0)
    limits = THRESHOLDS.get(name, THRESHOLDS["smoke"])
    problems = []
    if p95 > limits["p95_ms"]:
        problems.append(f"p95 {p95:.0f}ms > {limits['p95_ms']}ms")
    if failed > limits["error_rate"]:
        problems.append(f"error rate {failed:.3%} > {limits['error_rate']:.3%}")
    print(f"{name}: p95={p95:.0f}ms errors={failed:.3%}")
    return problems


def docker_resources_ok(min_mem_gb: float = 6.0) -> bool:
    """Warn when Docker Desktop / colima has too little memory for the stack.

    The harbor stack (api, indexer, postgres, redis, gateway) needs roughly 4 GB;
    k6 itself runs on the host. Under 6 GB the indexer gets OOM-killed during
    the spike scenario and the results are meaningless.
    """
    res = subprocess.run(["docker", "info", "--format", "{{.MemTotal}}"], capture_output=True, text=True)
    try:
        total_gb = int(res.stdout.strip()) / 1e9
    except ValueError:
        return True
    if total_gb < min_mem_gb:
        print(f"warning: docker has {total_gb:.1f} GB memory; {min_mem_gb} GB recommended", file=sys.stderr)
        return False
    return True


def collect_logs(run_dir: Path) -> None:
    res = compose("logs", "--no-color", "--timestamps", capture=True, check=False)
    (run_dir / "compose.log").write_text(res.stdout)


def teardown() -> None:
    # -v removes the named volumes of THIS project only (prefixed harbor-load_)
    compose("down", "-v", "--remove-orphans", check=False)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("scenario", nargs="?", default="smoke")
    ap.add_argument("--keep-stack", action="store_true")
    ap.add_argument("--no-seed", action="store_true")
    ap.add_argument("--list", action="store_true", help="list k6 scenarios and exit")
    ap.add_argument("k6_args", nargs=argparse.REMAINDER)
    args = ap.parse_args()

    available = scenarios()
    if args.list:
        for name, path in available.items():
            print(f"{name:10} {path.relative_to(REPO)}")
        return 0
    if args.scenario not in available:
        raise SystemExit(f"unknown scenario {args.scenario}; try --list")
    for tool in ("docker", "k6"):
        if not shutil.which(tool):
            raise SystemExit(f"{tool} is required")

    stamp = time.strftime("%Y%m%d-%H%M%S")
    run_dir = OUT_DIR / f"{args.scenario}-{stamp}"
    run_dir.mkdir(parents=True, exist_ok=True)

    docker_resources_ok()
    compose("up", "-d", "--build", "--wait")
    rc = 1
    try:
        wait_for_gateway()
        if not args.no_seed:
            seed()
        extra = [a for a in args.k6_args if a != "--"]
        rc = k6_run(available[args.scenario], extra, run_dir / "summary.json")
        problems = evaluate(args.scenario, run_dir / "summary.json") if (run_dir / "summary.json").exists() else ["no summary"]
        for p in problems:
            print(f"  threshold: {p}")
        if problems and rc == 0:
            rc = 3
    finally:
        collect_logs(run_dir)
        if args.keep_stack:
            print(f"stack left running as compose project {PROJECT}")
        else:
            teardown()
    latest = OUT_DIR / "latest"
    if latest.is_symlink():
        latest.unlink()
    latest.symlink_to(run_dir.name)
    print(f"results in {run_dir.relative_to(REPO)}")
    return rc


if __name__ == "__main__":
    sys.exit(main())
