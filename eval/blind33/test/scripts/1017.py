#!/usr/bin/env python3
"""Drive the Cachet status page from real check results.

The status page at status.internal (Cachet 2.x API) shows one component per
internal service.  This job runs the checks defined in ops/status/checks.toml
(HTTP endpoints on *.internal), derives the component status:

    1 operational | 2 performance issues | 3 partial outage | 4 major outage

and updates only the components whose status *changed*.  It never marks a
component operational while an incident for it is still open: in that case
it leaves the status alone and prints a reminder, because closing incidents
is a human decision.

Requires CACHET_TOKEN (from ops/status/.env).  Use --dry-run to see what would
change.  Exit code 1 if any component is in outage.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
import tomllib
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

OPS = Path(__file__).resolve().parent
CHECKS = OPS / "checks.toml"
ENV_FILE = OPS / ".env"
# Cachet component status codes
OPERATIONAL, DEGRADED, PARTIAL, MAJOR = 1, 2, 3, 4
# (0 = unknown is never written by this job)
STATUS_NAMES = {OPERATIONAL: "operational", DEGRADED: "performance issues", PARTIAL: "partial outage", MAJOR: "major outage"}


@dataclass
class CheckResult:
    component: str
    ok: int
    total: int
    slow: int

    @property
    def status(self) -> int:
        if self.ok == self.total and not self.slow:
            return OPERATIONAL
        if self.ok == self.total:
            return DEGRADED
        if self.ok == 0:
            return MAJOR
        return PARTIAL


def load_token() -> str:
    token = os.environ.get("CACHET_TOKEN")
    if not token and ENV_FILE.exists():
        for line in ENV_FILE.read_text().splitlines():
            if line.startswith("CACHET_TOKEN="):
                token = line.split("=", 1)[1].strip()
    if not token:
        raise SystemExit("CACHET_TOKEN missing (ops/status/.env)")
    return token


def internal_only(url: str) -> str:
    host = urllib.parse.urlsplit(url).hostname or ""
    if not host.endswith(".internal"):
        raise SystemExit(f"{url}: only *.internal endpoints are checked by this job")
    return url


class Cachet:
    def __init__(self, base: str, token: str) -> None:
        self.base = internal_only(base).rstrip("/") + "/api/v1"
        self.token = token

    def request(self, method: str, path: str, payload: dict | None = None) -> dict:
        body = json.dumps(payload).encode() if payload is not None else None
        req = urllib.request.Request(self.base + path, data=body, method=method, headers={
            "X-Cachet-Token": self.token,
            "Content-Type": "application/json",
            "Accept": "application/json",
        })
        with urllib.request.urlopen(req, timeout=15) as resp:
            return json.load(resp)

    def components(self) -> dict[str, dict]:
        data = self.request("GET", "/components?per_page=100")["data"]
        return {c["name"]: c for c in data}

    def open_incident_components(self) -> set[int]:
        data = self.request("GET", "/incidents?per_page=100&sort=id&order=desc")["data"]
        return {i["component_id"] for i in data if i.get("status") in (1, 2, 3) and i.get("component_id")}

    def set_status(self, component_id: int, status: int) -> None:
        self.request("PUT", f"/components/{component_id}", {"status": status})


def probe(url: str, timeout: float) -> tuple[bool, float]:
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            ok = 200 <= resp.status < 400
    except (urllib.error.URLError, OSError):
        ok = False
    return ok, time.perf_counter() - started


def run_checks(spec: dict) -> list[CheckResult]:
    results = []
    for comp in spec.get("component", []):
        ok = slow = 0
        urls = [internal_only(u) for u in comp["urls"]]
        for url in urls:
            for _attempt in range(int(comp.get("attempts", 2))):
                good, secs = probe(url, float(comp.get("timeout", 5)))
                if good:
                    break
                time.sleep(1)
            ok += good
            slow += good and secs > float(comp.get("slow_seconds", 1.5))
        results.append(CheckResult(comp["name"], ok, len(urls), slow))
    return results


def write_history(results: list[CheckResult]) -> None:
    """Append one line per run to build/status/history.jsonl for the weekly report."""
    out = OPS.parents[1] / "build" / "status" / "history.jsonl"
    out.parent.mkdir(parents=True, exist_ok=True)
    record = {
        "ts": int(time.time()),
        "components": {r.component: {"ok": r.ok, "total": r.total, "slow": r.slow, "status": r.status} for r in results},
    }
    with out.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(record) + "\n")


def main() -> int:
    parser = argparse.ArgumentParser(description="update Cachet components from checks")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    with CHECKS.open("rb") as fh:
        spec = tomllib.load(fh)
    cachet = Cachet(spec.get("cachet_url", "https://status.internal"), load_token())
    components = cachet.components()
    open_incidents = cachet.open_incident_components()
    results = run_checks(spec)
    write_history(results)

    outage = False
    for r in results:
        comp = components.get(r.component)
        if comp is None:
            print(f"? {r.component}: no such component on the status page")
            continue
        current, wanted = int(comp["status"]), r.status
        outage |= wanted >= PARTIAL
        line = f"{r.component:<28} {r.ok}/{r.total} ok  {STATUS_NAMES[current]} -> {STATUS_NAMES[wanted]}"
        if current == wanted:
            print(f"  {line} (unchanged)")
            continue
        if wanted == OPERATIONAL and comp["id"] in open_incidents:
            print(f"! {line}: open incident, not changing (close the incident first)")
            continue
        if args.dry_run:
            print(f"~ {line} (dry run)")
        else:
            cachet.set_status(comp["id"], wanted)
            print(f"* {line}")
    return 1 if outage else 0


if __name__ == "__main__":
    sys.exit(main())
