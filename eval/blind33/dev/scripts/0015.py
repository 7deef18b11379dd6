#!/usr/bin/env python3
"""Uptime checker for the project's own internal services.

Checks every target in monitoring/targets.yaml (HTTP, TCP or TLS expiry),
prints a status table and - only with --ping - reports the overall result to
the project's healthchecks.io check via hc-ping.com, which pages the on-call
person if we stop pinging.

Targets must be on *.internal or localhost; anything else is rejected so that
the checker can't be pointed at third-party sites by a config typo.

    python monitoring/check.py
    python monitoring/check.py --ping            # cron on the monitoring VM
    python monitoring/check.py --json > build/uptime.json
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import datetime as dt
import json
import os
import socket
import ssl
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import asdict, dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
TARGETS = ROOT / "monitoring" / "targets.yaml"
HC_BASE = "https://hc-ping.com"
ALLOWED_SUFFIXES = (".internal",)
ALLOWED_HOSTS = {"localhost", "127.0.0.1"}


@dataclass
class Result:
    name: str
    kind: str
    ok: bool
    latency_ms: float
    detail: str


def host_allowed(host: str) -> bool:
    return host in ALLOWED_HOSTS or host.endswith(ALLOWED_SUFFIXES)


def load_targets() -> list[dict]:
    with open(TARGETS, encoding="utf-8") as fh:
        data = yaml.safe_load(fh) or {}
    targets = []
    for t in data.get("targets", []):
        host = urllib.parse.urlparse(t["url"]).hostname if "url" in t else t.get("host", "")
        if not host_allowed(host or ""):
            raise SystemExit(f"target {t.get('name')} uses non-internal host {host!r}")
        targets.append(t)
    return targets


def check_http(t: dict) -> Result:
    start = time.perf_counter()
    expect = int(t.get("expect_status", 200))
    req = urllib.request.Request(t["url"], method=t.get("method", "GET"),
                                 headers={"User-Agent": "project-uptime/1.0"})
    ctx = ssl.create_default_context(cafile=str(ROOT / t["ca"])) if t.get("ca") else None
    try:
        with urllib.request.urlopen(req, timeout=float(t.get("timeout", 5)), context=ctx) as resp:
            body = resp.read(4096).decode(errors="replace")
            status = resp.status
    except urllib.error.HTTPError as exc:
        status, body = exc.code, ""
    except (urllib.error.URLError, OSError) as exc:
        return Result(t["name"], "http", False, (time.perf_counter() - start) * 1000, str(exc))
    latency = (time.perf_counter() - start) * 1000
    ok = status == expect and (t.get("contains", "") in body)
    detail = f"HTTP {status}"
    if t.get("max_latency_ms") and latency > float(t["max_latency_ms"]):
        ok = False
        detail += f", slow ({latency:.0f} ms)"
    return Result(t["name"], "http", ok, latency, detail)


def check_tcp(t: dict) -> Result:
    start = time.perf_counter()
    try:
        with socket.create_connection((t["host"], int(t["port"])), timeout=float(t.get("timeout", 3))):
            pass
    except OSError as exc:
        return Result(t["name"], "tcp", False, (time.perf_counter() - start) * 1000, str(exc))
    return Result(t["name"], "tcp", True, (time.perf_counter() - start) * 1000, "connected")


def check_tls_expiry(t: dict) -> Result:
    start = time.perf_counter()
    ctx = ssl.create_default_context()
    if t.get("ca"):
        ctx.load_verify_locations(cafile=str(ROOT / t["ca"]))
    try:
        with socket.create_connection((t["host"], int(t.get("port", 443))), timeout=5) as sock:
            with ctx.wrap_socket(sock, server_hostname=t["host"]) as tls:
                cert = tls.getpeercert()
    except (OSError, ssl.SSLError) as exc:
        return Result(t["name"], "tls", False, (time.perf_counter() - start) * 1000, str(exc))
    expires = dt.datetime.strptime(cert["notAfter"], "%b %d %H:%M:%S %Y %Z").replace(tzinfo=dt.timezone.utc)
    days = (expires - dt.datetime.now(dt.timezone.utc)).days
    ok = days >= int(t.get("min_days", 14))
    return Result(t["name"], "tls", ok, (time.perf_counter() - start) * 1000, f"expires in {days} days")


CHECKS = {"http": check_http, "tcp": check_tcp, "tls": check_tls_expiry}


def run_all(targets: list[dict], workers: int) -> list[Result]:
    results: list[Result] = []
    with cf.ThreadPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(CHECKS[t.get("kind", "http")], t): t for t in targets}
        for fut in cf.as_completed(futures):
            t = futures[fut]
            try:
                results.append(fut.result())
            except Exception as exc:  # a broken check must not hide the others
                results.append(Result(t["name"], t.get("kind", "http"), False, 0.0, f"check crashed: {exc}"))
    return sorted(results, key=lambda r: r.name)


def ping_healthchecks(uuid: str, failed: list[Result], retries: int = 3) -> None:
    suffix = "/fail" if failed else ""
    body = "\n".join(f"{r.name}: {r.detail}" for r in failed) or "all targets ok"
    url = f"{HC_BASE}/{uuid}{suffix}"
    delay = 1.0
    for attempt in range(1, retries + 1):
        try:
            req = urllib.request.Request(url, data=body.encode()[:10000], method="POST")
            urllib.request.urlopen(req, timeout=10).close()
            return
        except (urllib.error.URLError, OSError) as exc:
            if attempt == retries:
                print(f"could not ping healthchecks: {exc}", file=sys.stderr)
                return
            time.sleep(delay)
            delay *= 2


def print_table(results: list[Result]) -> None:
    width = max((len(r.name) for r in results), default=10)
    for r in results:
        mark = "OK  " if r.ok else "FAIL"
        print(f"{mark} {r.name:<{width}} {r.kind:<4} {r.latency_ms:7.1f} ms  {r.detail}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ping", action="store_true", help="report the result to healthchecks.io")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--workers", type=int, default=8)
    args = ap.parse_args()

    results = run_all(load_targets(), args.workers)
    failed = [r for r in results if not r.ok]
    if args.json:
        print(json.dumps([asdict(r) for r in results], indent=2))
    else:
        print_table(results)
    if args.ping:
        uuid = os.environ.get("HC_CHECK_UUID")
        if not uuid:
            print("--ping needs HC_CHECK_UUID (see monitoring/README.md)", file=sys.stderr)
            return 2
        ping_healthchecks(uuid, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
