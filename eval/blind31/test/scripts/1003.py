#!/usr/bin/env python3
"""Monthly object-storage chargeback from the Ceph RADOS Gateway.

Collects per-user and per-bucket usage with `radosgw-admin` (read-only
subcommands: user list, user stats, bucket stats, usage show) and writes a
chargeback CSV per team into reports/rgw/<YYYY-MM>/.

Needs the client.admin keyring, which on the gateway hosts is root-only, so
the commands are wrapped in `sudo -n` unless RGW_NO_SUDO=1. Keys are never
requested: `user info` (which prints access/secret keys) is deliberately not
used; `user stats` gives the numbers we need.

    python tools/rgw_chargeback.py                # previous month
    python tools/rgw_chargeback.py --month 2024-04
"""
from __future__ import annotations

import argparse
import csv
import datetime as dt
import json
import os
import shlex
import subprocess
import sys
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
OUT_ROOT = REPO / "reports" / "rgw"
TEAMS_FILE = REPO / "config" / "rgw-teams.json"
PRICE_PER_GIB_MONTH = Decimal("0.021")
PRICE_PER_MILLION_OPS = Decimal("0.40")
GIB = Decimal(1024 ** 3)


@dataclass
class BucketUsage:
    bucket: str
    owner: str
    size_bytes: int
    objects: int
    ops: int = 0


def previous_month(today: dt.date | None = None) -> str:
    today = today or dt.date.today()
    first = today.replace(day=1)
    last_month = first - dt.timedelta(days=1)
    return last_month.strftime("%Y-%m")


def month_bounds(month: str) -> tuple[str, str]:
    year, mon = (int(x) for x in month.split("-"))
    start = dt.date(year, mon, 1)
    end = dt.date(year + (mon == 12), mon % 12 + 1, 1)
    return start.isoformat(), end.isoformat()


def rgw(*args: str) -> object:
    argv = ["radosgw-admin", *args, "--format=json"]
    if os.environ.get("RGW_NO_SUDO") != "1":
        argv = ["sudo", "-n", *argv]
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=300)
    if proc.returncode != 0:
        raise RuntimeError(f"{shlex.join(argv)} failed: {proc.stderr.strip()[:300]}")
    return json.loads(proc.stdout or "null")


def bucket_usage() -> list[BucketUsage]:
    stats = rgw("bucket", "stats")
    buckets = []
    for entry in stats or []:
        main = entry.get("usage", {}).get("rgw.main", {})
        buckets.append(BucketUsage(
            bucket=entry["bucket"],
            owner=entry.get("owner", "?"),
            size_bytes=int(main.get("size_actual", 0)),
            objects=int(main.get("num_objects", 0)),
        ))
    return buckets


def add_operations(buckets: list[BucketUsage], month: str) -> None:
    start, end = month_bounds(month)
    usage = rgw("usage", "show", f"--start-date={start}", f"--end-date={end}", "--show-log-sum=false")
    by_bucket: dict[str, int] = defaultdict(int)
    for user in (usage or {}).get("entries", []):
        for b in user.get("buckets", []):
            ops = sum(int(cat.get("ops", 0)) for cat in b.get("categories", []))
            by_bucket[b.get("bucket", "")] += ops
    for b in buckets:
        b.ops = by_bucket.get(b.bucket, 0)


def load_teams() -> dict[str, str]:
    if not TEAMS_FILE.exists():
        return {}
    data = json.loads(TEAMS_FILE.read_text())
    return {owner: team for team, owners in data.items() for owner in owners}


def money(value: Decimal) -> Decimal:
    return value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def charge(b: BucketUsage) -> Decimal:
    storage = Decimal(b.size_bytes) / GIB * PRICE_PER_GIB_MONTH
    ops = Decimal(b.ops) / Decimal(1_000_000) * PRICE_PER_MILLION_OPS
    return money(storage + ops)


def write_team_files(month: str, buckets: list[BucketUsage], teams: dict[str, str]) -> list[Path]:
    out_dir = OUT_ROOT / month
    out_dir.mkdir(parents=True, exist_ok=True)
    grouped: dict[str, list[BucketUsage]] = defaultdict(list)
    for b in buckets:
        grouped[teams.get(b.owner, "unassigned")].append(b)
    written = []
    for team, items in sorted(grouped.items()):
        path = out_dir / f"{team}.csv"
        tmp = path.with_suffix(".csv.partial")
        with tmp.open("w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["bucket", "owner", "GiB", "objects", "operations", "charge_eur"])
            for b in sorted(items, key=lambda x: x.size_bytes, reverse=True):
                w.writerow([b.bucket, b.owner, f"{Decimal(b.size_bytes) / GIB:.2f}", b.objects, b.ops, charge(b)])
        tmp.replace(path)
        written.append(path)
    return written


def summary(buckets: list[BucketUsage], teams: dict[str, str]) -> str:
    totals: dict[str, Decimal] = defaultdict(Decimal)
    for b in buckets:
        totals[teams.get(b.owner, "unassigned")] += charge(b)
    lines = [f"{team:<20} {amount:>10}" for team, amount in sorted(totals.items(), key=lambda kv: -kv[1])]
    lines.append(f"{'TOTAL':<20} {sum(totals.values(), Decimal(0)):>10}")
    return "\n".join(lines)


def quota_warnings(buckets: list[BucketUsage], limit_gib: int = 500) -> list[str]:
    """Buckets growing past the soft limit agreed with the teams."""
    warnings = []
    for b in buckets:
        gib = Decimal(b.size_bytes) / GIB
        if gib > limit_gib:
            warnings.append(f"{b.bucket} ({b.owner}) holds {gib:.0f} GiB, above the {limit_gib} GiB soft limit")
    return warnings


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--month", default=previous_month())
    parser.add_argument("--json", action="store_true", help="print raw bucket usage as JSON")
    args = parser.parse_args(argv)
    try:
        dt.datetime.strptime(args.month, "%Y-%m")
    except ValueError:
        parser.error("--month must look like 2024-04")

    try:
        buckets = bucket_usage()
        add_operations(buckets, args.month)
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        print(f"rgw query failed: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps([b.__dict__ for b in buckets], indent=2))
        return 0
    teams = load_teams()
    files = write_team_files(args.month, buckets, teams)
    print(f"{len(buckets)} buckets for {args.month}")
    print(summary(buckets, teams))
    for f in files:
        print(f"  wrote {f.relative_to(REPO)}")
    for warning in quota_warnings(buckets):
        print(f"WARN {warning}")
    unassigned = sorted({b.owner for b in buckets if b.owner not in teams})
    if unassigned:
        print(f"owners without a team in config/rgw-teams.json: {', '.join(unassigned)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
