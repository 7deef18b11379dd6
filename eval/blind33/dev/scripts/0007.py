#!/usr/bin/env python3
"""Resilience test harness built on toxiproxy.

Starts `toxiproxy-server` (unless one is already listening on :8474), creates
one proxy per dependency from tests/resilience/proxies.yaml, runs the pytest
resilience suite once per scenario with the toxics of that scenario applied,
and removes every proxy it created afterwards - also on Ctrl-C.

    python tests/resilience/run.py                 # all scenarios
    python tests/resilience/run.py -s slow_redis   # one scenario
    python tests/resilience/run.py --keep-server   # leave toxiproxy running
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parents[1]
API = os.environ.get("TOXIPROXY_URL", "http://127.0.0.1:8474")
CONFIG = HERE / "proxies.yaml"
LOG_DIR = PROJECT / "build" / "resilience"

_server: subprocess.Popen | None = None
_created: list[str] = []


def api(method: str, path: str, body: dict | None = None) -> dict | list | None:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(API + path, data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            raw = resp.read()
            return json.loads(raw) if raw else None
    except urllib.error.HTTPError as exc:
        if exc.code == 404 and method == "DELETE":
            return None
        raise RuntimeError(f"toxiproxy {method} {path}: {exc.code} {exc.read()[:200]!r}") from exc


def port_open(host: str, port: int) -> bool:
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as s:
        s.settimeout(0.3)
        return s.connect_ex((host, port)) == 0


def start_server() -> None:
    global _server
    if port_open("127.0.0.1", 8474):
        print("using already running toxiproxy-server")
        return
    LOG_DIR.mkdir(parents=True, exist_ok=True)
    log = open(LOG_DIR / "toxiproxy.log", "wb")
    _server = subprocess.Popen(["toxiproxy-server", "-host", "127.0.0.1", "-port", "8474"],
                               stdout=log, stderr=subprocess.STDOUT)
    for _ in range(50):
        if port_open("127.0.0.1", 8474):
            print(f"started toxiproxy-server pid={_server.pid}")
            return
        time.sleep(0.1)
    raise RuntimeError("toxiproxy-server did not come up; see build/resilience/toxiproxy.log")


def stop_server() -> None:
    global _server
    if _server is None:
        return
    if _server.poll() is None:
        _server.send_signal(signal.SIGTERM)
        try:
            _server.wait(timeout=5)
        except subprocess.TimeoutExpired:
            _server.kill()
    print(f"stopped toxiproxy-server pid={_server.pid}")
    _server = None


def create_proxies(proxies: dict) -> dict[str, str]:
    env: dict[str, str] = {}
    existing = api("GET", "/proxies") or {}
    for name, spec in proxies.items():
        pname = f"itest_{name}"
        if pname in existing:
            api("DELETE", f"/proxies/{pname}")
        api("POST", "/proxies", {"name": pname, "listen": f"127.0.0.1:{spec['listen']}",
                                 "upstream": spec["upstream"], "enabled": True})
        _created.append(pname)
        env[spec["env"]] = f"127.0.0.1:{spec['listen']}"
    return env


def remove_proxies() -> None:
    while _created:
        name = _created.pop()
        with contextlib.suppress(Exception):
            api("DELETE", f"/proxies/{name}")
            print(f"removed proxy {name}")


def reset_toxics() -> None:
    api("POST", "/reset")


def apply_scenario(scenario: dict) -> None:
    for toxic in scenario.get("toxics", []):
        proxy = f"itest_{toxic['proxy']}"
        body = {
            "name": toxic.get("name", toxic["type"]),
            "type": toxic["type"],
            "stream": toxic.get("stream", "downstream"),
            "toxicity": float(toxic.get("toxicity", 1.0)),
            "attributes": toxic.get("attributes", {}),
        }
        api("POST", f"/proxies/{proxy}/toxics", body)


def run_suite(name: str, env_extra: dict[str, str], pytest_args: list[str]) -> int:
    env = dict(os.environ)
    env.update(env_extra)
    env["RESILIENCE_SCENARIO"] = name
    junit = LOG_DIR / f"junit-{name}.xml"
    cmd = [sys.executable, "-m", "pytest", "tests/resilience", "-q", f"--junitxml={junit}", *pytest_args]
    print(f"== scenario {name}: {' '.join(cmd[2:])}")
    return subprocess.call(cmd, cwd=PROJECT, env=env)


def handle_signal(signum, _frame):
    print(f"\ncaught signal {signum}, cleaning up")
    remove_proxies()
    stop_server()
    sys.exit(128 + signum)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-s", "--scenario", action="append", help="run only these scenarios")
    ap.add_argument("--keep-server", action="store_true")
    ap.add_argument("pytest_args", nargs="*")
    args = ap.parse_args()

    with open(CONFIG, encoding="utf-8") as fh:
        cfg = yaml.safe_load(fh)
    scenarios = cfg.get("scenarios", {})
    if args.scenario:
        unknown = set(args.scenario) - set(scenarios)
        if unknown:
            print(f"unknown scenario(s): {', '.join(sorted(unknown))}", file=sys.stderr)
            return 2
        scenarios = {k: v for k, v in scenarios.items() if k in args.scenario}

    signal.signal(signal.SIGINT, handle_signal)
    signal.signal(signal.SIGTERM, handle_signal)

    results: dict[str, int] = {}
    start_server()
    try:
        env = create_proxies(cfg["proxies"])
        for name, scenario in scenarios.items():
            reset_toxics()
            apply_scenario(scenario)
            results[name] = run_suite(name, env, args.pytest_args)
    finally:
        with contextlib.suppress(Exception):
            reset_toxics()
        remove_proxies()
        if not args.keep_server:
            stop_server()

    width = max((len(n) for n in results), default=10)
    print("\nsummary:")
    for name, code in results.items():
        print(f"  {name:<{width}}  {'ok' if code == 0 else f'FAILED ({code})'}")
    return 0 if all(code == 0 for code in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
