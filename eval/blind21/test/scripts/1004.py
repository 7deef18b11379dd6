#!/usr/bin/env python3
"""Compare the Route 53 hosted zones with dns/route53/*.yaml (read-only).

Credentials come from the normal AWS SDK chain (AWS_PROFILE, SSO, instance
role); this script only calls ListHostedZonesByName and
ListResourceRecordSets. Changes are applied by octodns in the release job.

    python3 dns/r53_drift.py                  # all zones in dns/route53/
    python3 dns/r53_drift.py ledger.example.com --markdown > build/dns.md
"""
from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

import boto3
import yaml
from botocore.config import Config
from botocore.exceptions import BotoCoreError, ClientError

ZONES_DIR = Path(__file__).resolve().parent / "route53"
IGNORED_TYPES = {"SOA", "NS"}


@dataclass(frozen=True)
class RRSet:
    name: str
    rtype: str
    ttl: int
    values: tuple[str, ...]

    @property
    def key(self) -> tuple[str, str]:
        return self.name, self.rtype

    def render(self) -> str:
        return f"{self.rtype:5} {self.name:45} ttl={self.ttl:<6} {' | '.join(self.values)}"


def fqdn(name: str, zone: str) -> str:
    if name in ("", "@"):
        return zone.rstrip(".") + "."
    if name.endswith("."):
        return name
    return f"{name}.{zone.rstrip('.')}."


def desired(path: Path) -> tuple[str, list[RRSet]]:
    doc = yaml.safe_load(path.read_text())
    zone = doc["zone"].rstrip(".") + "."
    out: list[RRSet] = []
    for entry in doc.get("records", []):
        values = entry["value"] if isinstance(entry["value"], list) else [entry["value"]]
        rtype = entry["type"].upper()
        if rtype == "TXT":
            values = [v if v.startswith('"') else f'"{v}"' for v in values]
        out.append(RRSet(fqdn(entry.get("name", "@"), zone), rtype, int(entry.get("ttl", 300)),
                         tuple(sorted(str(v) for v in values))))
    return zone, out


def client():
    return boto3.client("route53", config=Config(retries={"max_attempts": 8, "mode": "adaptive"}))


def zone_id(r53, zone: str) -> str:
    resp = r53.list_hosted_zones_by_name(DNSName=zone, MaxItems="1")
    for hz in resp.get("HostedZones", []):
        if hz["Name"] == zone and not hz.get("Config", {}).get("PrivateZone"):
            return hz["Id"].split("/")[-1]
    raise LookupError(f"public hosted zone {zone} not found in this account")


def actual(r53, hz_id: str) -> list[RRSet]:
    paginator = r53.get_paginator("list_resource_record_sets")
    out: list[RRSet] = []
    for page in paginator.paginate(HostedZoneId=hz_id):
        for rr in page["ResourceRecordSets"]:
            if rr["Type"] in IGNORED_TYPES:
                continue
            if "AliasTarget" in rr:
                values = (f"ALIAS {rr['AliasTarget']['DNSName']}",)
                ttl = 0
            else:
                values = tuple(sorted(r["Value"] for r in rr.get("ResourceRecords", [])))
                ttl = int(rr.get("TTL", 0))
            out.append(RRSet(rr["Name"].replace("\\052", "*"), rr["Type"], ttl, values))
    return out


def compare(want: Iterable[RRSet], have: Iterable[RRSet]) -> dict[str, list]:
    want_by = {r.key: r for r in want}
    have_by = {r.key: r for r in have}
    report: dict[str, list] = defaultdict(list)
    for key in sorted(set(want_by) | set(have_by)):
        w, h = want_by.get(key), have_by.get(key)
        if w and not h:
            report["missing"].append(w)
        elif h and not w:
            report["unmanaged"].append(h)
        elif w != h:
            report["different"].append((h, w))
    return report


def print_text(zone: str, report: dict[str, list]) -> None:
    print(f"\n## {zone}")
    if not any(report.values()):
        print("   in sync")
        return
    for r in report["missing"]:
        print(f"   + {r.render()}")
    for r in report["unmanaged"]:
        print(f"   ? {r.render()}   (exists in Route 53, not in YAML)")
    for live, wanted in report["different"]:
        print(f"   ~ {wanted.rtype:5} {wanted.name}")
        print(f"       live:   ttl={live.ttl} {' | '.join(live.values)}")
        print(f"       wanted: ttl={wanted.ttl} {' | '.join(wanted.values)}")


def print_markdown(zone: str, report: dict[str, list]) -> None:
    print(f"### `{zone}`\n")
    if not any(report.values()):
        print("In sync.\n")
        return
    print("| change | type | name | live | wanted |")
    print("|---|---|---|---|---|")
    for r in report["missing"]:
        print(f"| add | {r.rtype} | {r.name} | | {'<br>'.join(r.values)} |")
    for r in report["unmanaged"]:
        print(f"| unmanaged | {r.rtype} | {r.name} | {'<br>'.join(r.values)} | |")
    for live, wanted in report["different"]:
        print(f"| change | {wanted.rtype} | {wanted.name} | {'<br>'.join(live.values)} | {'<br>'.join(wanted.values)} |")
    print()


def ttl_warnings(want: Iterable[RRSet]) -> list[str]:
    """House rule: nothing below 60s, and MX/NS-like records at least 3600s."""
    notes = []
    for r in want:
        if r.ttl < 60:
            notes.append(f"{r.name} {r.rtype}: ttl {r.ttl} below 60s")
        if r.rtype in ("MX", "CAA") and r.ttl < 3600:
            notes.append(f"{r.name} {r.rtype}: ttl {r.ttl}, expected >= 3600")
    return notes


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("zones", nargs="*", help="zone names; default: every YAML file")
    ap.add_argument("--markdown", action="store_true", help="PR-comment table")
    ap.add_argument("--strict", action="store_true", help="exit 1 on any drift")
    args = ap.parse_args(argv)

    files = sorted(ZONES_DIR.glob("*.yaml"))
    if args.zones:
        wanted_names = {z.rstrip(".") for z in args.zones}
        files = [f for f in files if f.stem in wanted_names]
    if not files:
        print("no zone files selected", file=sys.stderr)
        return 2
    try:
        r53 = client()
        drift = False
        for f in files:
            zone, want = desired(f)
            for note in ttl_warnings(want):
                print(f"note: {note}", file=sys.stderr)
            have = actual(r53, zone_id(r53, zone))
            report = compare(want, have)
            drift = drift or any(report.values())
            (print_markdown if args.markdown else print_text)(zone, report)
    except (BotoCoreError, ClientError, LookupError) as exc:
        print(f"r53_drift: {exc}", file=sys.stderr)
        return 2
    return 1 if (drift and args.strict) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
