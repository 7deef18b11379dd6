#!/usr/bin/env python3
"""Diff the DNS records in dns/zones/*.yaml against what Cloudflare serves.

Read-only: it lists records through the Cloudflare API and prints what would
change. Applying changes is done by `dnscontrol push` in the release job.

Needs CLOUDFLARE_API_TOKEN with Zone.DNS:Read. The token may also be read
from .env. It is sent only to api.cloudflare.com.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import yaml

API = "https://api.cloudflare.com/client/v4"
ROOT = Path(__file__).resolve().parents[1]
ZONES_DIR = ROOT / "dns" / "zones"
COMPARED_TYPES = {"A", "AAAA", "CNAME", "TXT", "MX", "CAA"}


@dataclass(frozen=True, order=True)
class Record:
    type: str
    name: str
    content: str
    ttl: int = 1
    proxied: bool = False

    def key(self) -> tuple[str, str]:
        return (self.type, self.name)


@dataclass
class Diff:
    add: list[Record] = field(default_factory=list)
    remove: list[Record] = field(default_factory=list)
    change: list[tuple[Record, Record]] = field(default_factory=list)

    def empty(self) -> bool:
        return not (self.add or self.remove or self.change)


def token() -> str:
    tok = os.environ.get("CLOUDFLARE_API_TOKEN", "")
    env_file = ROOT / ".env"
    if not tok and env_file.exists():
        for line in env_file.read_text().splitlines():
            if line.startswith("CLOUDFLARE_API_TOKEN="):
                tok = line.split("=", 1)[1].strip().strip('"')
    if not tok:
        sys.exit("CLOUDFLARE_API_TOKEN is not set")
    return tok


def masked(tok: str) -> str:
    return f"...{tok[-4:]}" if len(tok) > 8 else "***"


def api_get(path: str, tok: str, params: dict | None = None) -> dict:
    url = f"{API}{path}"
    if params:
        url += "?" + urllib.parse.urlencode(params)
    req = urllib.request.Request(url, headers={
        "Authorization": f"Bearer {tok}",
        "Accept": "application/json",
    })
    backoff = 1.0
    for attempt in range(5):
        try:
            with urllib.request.urlopen(req, timeout=15) as resp:
                return json.load(resp)
        except urllib.error.HTTPError as exc:
            if exc.code == 429 or exc.code >= 500:
                time.sleep(backoff)
                backoff *= 2
                continue
            body = exc.read().decode(errors="replace")[:300]
            sys.exit(f"Cloudflare API {exc.code} for {path}: {body}")
        except urllib.error.URLError as exc:
            if attempt == 4:
                raise
            time.sleep(backoff)
            backoff *= 2
    sys.exit(f"Cloudflare API kept failing for {path}")


def zone_id(name: str, tok: str) -> str:
    data = api_get("/zones", tok, {"name": name})
    results = data.get("result") or []
    if not results:
        sys.exit(f"zone {name} not visible to this token ({masked(tok)})")
    return results[0]["id"]


def live_records(zid: str, tok: str) -> list[Record]:
    out: list[Record] = []
    page = 1
    while True:
        data = api_get(f"/zones/{zid}/dns_records", tok, {"page": page, "per_page": 100})
        for r in data["result"]:
            if r["type"] not in COMPARED_TYPES:
                continue
            out.append(Record(r["type"], r["name"], r["content"], int(r.get("ttl", 1)),
                              bool(r.get("proxied", False))))
        info = data.get("result_info", {})
        if page >= info.get("total_pages", 1):
            break
        page += 1
    return out


def wanted_records(zone_file: Path) -> tuple[str, list[Record]]:
    spec = yaml.safe_load(zone_file.read_text())
    zone = spec["zone"]
    recs = []
    for r in spec.get("records", []):
        name = r["name"]
        fqdn = zone if name == "@" else f"{name}.{zone}"
        contents = r["content"] if isinstance(r["content"], list) else [r["content"]]
        for c in contents:
            recs.append(Record(r["type"].upper(), fqdn, str(c), int(r.get("ttl", 1)),
                               bool(r.get("proxied", False))))
    return zone, recs


def diff(wanted: list[Record], live: list[Record]) -> Diff:
    d = Diff()
    live_set, wanted_set = set(live), set(wanted)
    live_by_key: dict[tuple, list[Record]] = {}
    for r in live:
        live_by_key.setdefault(r.key(), []).append(r)
    for r in sorted(wanted_set - live_set):
        same_key = [x for x in live_by_key.get(r.key(), []) if x not in wanted_set]
        if len(same_key) == 1 and r.type in {"A", "AAAA", "CNAME"}:
            d.change.append((same_key[0], r))
        else:
            d.add.append(r)
    changed_old = {old for old, _ in d.change}
    for r in sorted(live_set - wanted_set):
        if r not in changed_old:
            d.remove.append(r)
    return d


def show(zone: str, d: Diff, as_json: bool) -> None:
    if as_json:
        print(json.dumps({
            "zone": zone,
            "add": [r.__dict__ for r in d.add],
            "remove": [r.__dict__ for r in d.remove],
            "change": [{"from": a.__dict__, "to": b.__dict__} for a, b in d.change],
        }, indent=2))
        return
    print(f"== {zone}")
    if d.empty():
        print("   in sync")
    for r in d.add:
        print(f" + {r.type:5} {r.name:40} {r.content} ttl={r.ttl}")
    for r in d.remove:
        print(f" - {r.type:5} {r.name:40} {r.content}")
    for old, new in d.change:
        print(f" ~ {new.type:5} {new.name:40} {old.content} -> {new.content}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("zones", nargs="*", help="zone files (default: all in dns/zones)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--fail-on-drift", action="store_true")
    args = ap.parse_args()
    tok = token()
    print(f"using token {masked(tok)}", file=sys.stderr)
    files = [Path(z) for z in args.zones] or sorted(ZONES_DIR.glob("*.yaml"))
    drift = False
    for zf in files:
        zone, wanted = wanted_records(zf)
        live = live_records(zone_id(zone, tok), tok)
        d = diff(wanted, live)
        drift |= not d.empty()
        show(zone, d, args.json)
    return 1 if drift and args.fail_on_drift else 0


if __name__ == "__main__":
    sys.exit(main())
