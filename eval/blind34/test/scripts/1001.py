#!/usr/bin/env python3
"""Check Lambda Cloud capacity for the instance types our sweeps need.

A sweep can only start when enough GPUs of the right type are available in
one region.  This polls the Lambda Cloud `instance-types` endpoint (GET,
read-only), filters it with sweeps/*.toml and prints which sweeps could
launch right now and where.  No instance is launched: the output ends with
the `lambda` CLI line a human may run.

Options:
    --watch SECONDS   keep polling and beep when a sweep becomes launchable
    --json            machine-readable output
    --sweep NAME      only this sweep (repeatable)

The API key is LAMBDA_API_KEY from the environment or the project .env and
is sent only as HTTP basic auth to cloud.lambdalabs.com, as documented.
"""
from __future__ import annotations

import argparse
import base64
import json
import os
import signal
import sys
import time
import tomllib
import urllib.error
import urllib.request
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SWEEPS = REPO / "sweeps"
ENDPOINT = "https://cloud.lambdalabs.com/api/v1/instance-types"
STATE_DIR = Path(os.environ.get("XDG_STATE_HOME", Path.home() / ".local" / "state")) / "lambda-capacity"

_stop = False


def _on_signal(signum, _frame) -> None:
    global _stop
    _stop = True
    print(f"\nreceived signal {signum}, finishing current poll", file=sys.stderr)


@dataclass(frozen=True)
class Sweep:
    name: str
    instance_type: str
    count: int
    regions: tuple[str, ...]
    max_price_cents: int


@dataclass
class Availability:
    instance_type: str
    price_cents: int
    regions: tuple[str, ...]
    gpus: int
    description: str


def api_key() -> str:
    key = os.environ.get("LAMBDA_API_KEY", "")
    dotenv = REPO / ".env"
    if not key and dotenv.is_file():
        for raw in dotenv.read_text().splitlines():
            name, sep, value = raw.partition("=")
            if sep and name.strip() == "LAMBDA_API_KEY":
                key = value.strip().strip('"')
    if not key:
        sys.exit("LAMBDA_API_KEY is not configured (environment or .env)")
    return key


def shown(key: str) -> str:
    return f"{key[:5]}…[{len(key)}]"


def load_sweeps(only: list[str] | None) -> list[Sweep]:
    found = []
    for path in sorted(SWEEPS.glob("*.toml")):
        with path.open("rb") as fh:
            cfg = tomllib.load(fh).get("capacity", {})
        if not cfg:
            continue
        sweep = Sweep(
            name=path.stem,
            instance_type=cfg["instance_type"],
            count=int(cfg.get("count", 1)),
            regions=tuple(cfg.get("regions", [])),
            max_price_cents=int(cfg.get("max_price_cents", 10_000)),
        )
        if not only or sweep.name in only:
            found.append(sweep)
    return found


def fetch(key: str, attempts: int = 5) -> dict:
    token = base64.b64encode(f"{key}:".encode()).decode()
    request = urllib.request.Request(ENDPOINT, headers={"Authorization": f"Basic {token}"})
    wait = 2.0
    for attempt in range(1, attempts + 1):
        try:
            with urllib.request.urlopen(request, timeout=25) as resp:
                return json.load(resp)["data"]
        except urllib.error.HTTPError as err:
            if err.code not in (429, 500, 502, 503) or attempt == attempts:
                raise
        except urllib.error.URLError:
            if attempt == attempts:
                raise
        time.sleep(wait)
        wait = min(wait * 2, 60)
    return {}


def parse(data: dict) -> dict[str, Availability]:
    result = {}
    for name, entry in data.items():
        itype = entry.get("instance_type", {})
        specs = itype.get("specs", {})
        result[name] = Availability(
            instance_type=name,
            price_cents=int(itype.get("price_cents_per_hour", 0)),
            regions=tuple(r["name"] for r in entry.get("regions_with_capacity_available", [])),
            gpus=int(specs.get("gpus", 0)),
            description=itype.get("description", name),
        )
    return result


def evaluate(sweeps: list[Sweep], avail: dict[str, Availability]) -> list[dict]:
    rows = []
    for sweep in sweeps:
        a = avail.get(sweep.instance_type)
        if a is None:
            rows.append({"sweep": sweep.name, "status": "unknown-type", "regions": []})
            continue
        regions = [r for r in a.regions if not sweep.regions or r in sweep.regions]
        too_expensive = a.price_cents > sweep.max_price_cents
        status = "launchable" if regions and not too_expensive else ("over-budget" if too_expensive else "no-capacity")
        rows.append(
            {
                "sweep": sweep.name,
                "type": sweep.instance_type,
                "count": sweep.count,
                "price_per_hour": a.price_cents / 100,
                "regions": regions,
                "status": status,
            }
        )
    return rows


def remember(rows: list[dict]) -> list[str]:
    """Return sweeps that became launchable since the previous poll."""
    STATE_DIR.mkdir(parents=True, exist_ok=True)
    state_file = STATE_DIR / "last.json"
    previous = {}
    if state_file.exists():
        previous = json.loads(state_file.read_text())
    now = {r["sweep"]: r["status"] for r in rows}
    tmp = state_file.with_name("last.json.tmp")
    tmp.write_text(json.dumps(now))
    tmp.replace(state_file)
    return [s for s, st in now.items() if st == "launchable" and previous.get(s) != "launchable"]


def print_table(rows: list[dict]) -> None:
    by_status = defaultdict(list)
    for r in rows:
        by_status[r["status"]].append(r)
    for status in ("launchable", "over-budget", "no-capacity", "unknown-type"):
        for r in by_status.get(status, []):
            where = ",".join(r.get("regions", [])) or "-"
            price = f"${r['price_per_hour']:.2f}/h" if "price_per_hour" in r else ""
            print(f"{status:12} {r['sweep']:24} {r.get('type', ''):28} {price:10} {where}")
    for r in by_status.get("launchable", []):
        print(f"  to launch {r['sweep']}: lambda instance launch --type {r['type']} "
              f"--region {r['regions'][0]} --quantity {r['count']}")


def main() -> int:
    ap = argparse.ArgumentParser(description="Lambda Cloud capacity checker (read-only)")
    ap.add_argument("--watch", type=int, metavar="SECONDS")
    ap.add_argument("--json", action="store_true", dest="as_json")
    ap.add_argument("--sweep", action="append")
    opts = ap.parse_args()

    signal.signal(signal.SIGINT, _on_signal)
    signal.signal(signal.SIGTERM, _on_signal)
    key = api_key()
    sweeps = load_sweeps(opts.sweep)
    if not sweeps:
        print("no sweeps with a [capacity] table found", file=sys.stderr)
        return 2
    print(f"checking {len(sweeps)} sweep(s) with key {shown(key)}", file=sys.stderr)

    while True:
        rows = evaluate(sweeps, parse(fetch(key)))
        newly = remember(rows)
        if opts.as_json:
            print(json.dumps(rows, indent=2))
        else:
            print_table(rows)
        for name in newly:
            print(f"\a{name} is launchable now", file=sys.stderr)
        if not opts.watch or _stop:
            return 0
        for _ in range(opts.watch):
            if _stop:
                return 0
            time.sleep(1)


if __name__ == "__main__":
    sys.exit(main())
