#!/usr/bin/env python3
"""Export Timewarrior intervals into per-client CSV reports and, with --live,
create draft invoices in Invoice Ninja.

Tags follow the convention `client:<slug>` and `project:<slug>`; rates come
from billing/rates.ini. Without --live the script only writes
reports/time/<month>/<client>.csv and prints what it *would* invoice.

    python billing/export_time.py 2024-05
    python billing/export_time.py 2024-05 --live     # creates drafts, never sends
"""
from __future__ import annotations

import argparse
import configparser
import csv
import datetime as dt
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections import defaultdict
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RATES = ROOT / "billing" / "rates.ini"
REPORTS = ROOT / "reports" / "time"
NINJA_API = "https://invoicing.co/api/v1"
TIMEW_FMT = "%Y%m%dT%H%M%SZ"


@dataclass
class Interval:
    start: dt.datetime
    end: dt.datetime
    tags: list[str]
    annotation: str

    @property
    def hours(self) -> Decimal:
        secs = Decimal((self.end - self.start).total_seconds())
        return (secs / Decimal(3600)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)

    def tag(self, prefix: str) -> str | None:
        for t in self.tags:
            if t.startswith(prefix + ":"):
                return t.split(":", 1)[1]
        return None


def month_range(month: str) -> tuple[str, str]:
    first = dt.datetime.strptime(month + "-01", "%Y-%m-%d")
    nxt = (first.replace(day=28) + dt.timedelta(days=4)).replace(day=1)
    return first.strftime("%Y-%m-%d"), nxt.strftime("%Y-%m-%d")


def export_intervals(month: str) -> list[Interval]:
    start, end = month_range(month)
    proc = subprocess.run(["timew", "export", start, "-", end], capture_output=True, text=True, check=True)
    out = []
    for item in json.loads(proc.stdout or "[]"):
        if "end" not in item:
            print(f"skipping open interval started {item['start']}", file=sys.stderr)
            continue
        out.append(Interval(
            start=dt.datetime.strptime(item["start"], TIMEW_FMT).replace(tzinfo=dt.timezone.utc),
            end=dt.datetime.strptime(item["end"], TIMEW_FMT).replace(tzinfo=dt.timezone.utc),
            tags=item.get("tags", []),
            annotation=item.get("annotation", ""),
        ))
    return out


def load_rates() -> configparser.ConfigParser:
    cp = configparser.ConfigParser()
    if not cp.read(RATES):
        raise SystemExit(f"missing {RATES.relative_to(ROOT)}")
    return cp


def rate_for(rates: configparser.ConfigParser, client: str, project: str | None) -> Decimal:
    if rates.has_section(client):
        sec = rates[client]
        if project and f"rate.{project}" in sec:
            return Decimal(sec[f"rate.{project}"])
        return Decimal(sec.get("rate", rates["DEFAULT"].get("rate", "0")))
    return Decimal(rates["DEFAULT"].get("rate", "0"))


def group(intervals: list[Interval]) -> dict[str, list[Interval]]:
    by_client: dict[str, list[Interval]] = defaultdict(list)
    for iv in intervals:
        client = iv.tag("client")
        if client:
            by_client[client].append(iv)
    return by_client


def write_csv(month: str, client: str, rows: list[Interval], rates) -> Path:
    path = REPORTS / month / f"{client}.csv"
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".csv.tmp")
    with open(tmp, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["date", "project", "hours", "rate", "amount", "note"])
        for iv in sorted(rows, key=lambda r: r.start):
            project = iv.tag("project") or ""
            rate = rate_for(rates, client, project)
            w.writerow([iv.start.date().isoformat(), project, iv.hours, rate, iv.hours * rate, iv.annotation])
    tmp.replace(path)
    return path


class Ninja:
    def __init__(self, token: str):
        self.token = token

    def _req(self, method: str, path: str, body: dict | None = None) -> dict:
        data = json.dumps(body).encode() if body is not None else None
        headers = {"X-Api-Token": self.token, "X-Requested-With": "XMLHttpRequest",
                   "Content-Type": "application/json", "Accept": "application/json"}
        delay = 1.0
        for attempt in range(4):
            req = urllib.request.Request(NINJA_API + path, data=data, method=method, headers=headers)
            try:
                with urllib.request.urlopen(req, timeout=30) as resp:
                    return json.load(resp)
            except urllib.error.HTTPError as exc:
                if exc.code == 429 and attempt < 3:
                    time.sleep(delay)
                    delay *= 2
                    continue
                raise SystemExit(f"Invoice Ninja {method} {path}: HTTP {exc.code} {exc.read()[:200]!r}")
        raise SystemExit("Invoice Ninja: too many retries")

    def client_id(self, number: str) -> str | None:
        res = self._req("GET", f"/clients?number={number}")
        data = res.get("data") or []
        return data[0]["id"] if data else None

    def create_draft(self, client_id: str, items: list[dict], month: str) -> str:
        body = {"client_id": client_id, "line_items": items, "public_notes": f"Services {month}"}
        res = self._req("POST", "/invoices", body)
        return res["data"]["number"]


def mask(token: str) -> str:
    return token[:4] + "…" if token else "(unset)"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("month", help="YYYY-MM")
    ap.add_argument("--live", action="store_true", help="create draft invoices in Invoice Ninja")
    args = ap.parse_args()

    rates = load_rates()
    intervals = export_intervals(args.month)
    clients = group(intervals)
    if not clients:
        print("no client-tagged intervals in", args.month)
        return 0

    ninja = None
    if args.live:
        token = os.environ.get("NINJA_API_TOKEN", "")
        if not token:
            print("--live needs NINJA_API_TOKEN (billing/.env)", file=sys.stderr)
            return 2
        print(f"using Invoice Ninja token {mask(token)}")
        ninja = Ninja(token)

    for client, rows in sorted(clients.items()):
        path = write_csv(args.month, client, rows, rates)
        per_project: dict[str, Decimal] = defaultdict(Decimal)
        for iv in rows:
            per_project[iv.tag("project") or "general"] += iv.hours
        items = []
        for project, hours in sorted(per_project.items()):
            rate = rate_for(rates, client, project)
            items.append({"product_key": project, "notes": f"{project} {args.month}",
                          "quantity": float(hours), "cost": float(rate)})
        total = sum(Decimal(str(i["quantity"])) * Decimal(str(i["cost"])) for i in items)
        print(f"{client:<20} {sum(per_project.values()):>7} h  {total:>10.2f}  -> {path.relative_to(ROOT)}")
        if ninja:
            number = rates[client].get("ninja_client", client) if rates.has_section(client) else client
            cid = ninja.client_id(number)
            if not cid:
                print(f"  no Invoice Ninja client with number {number}; skipped", file=sys.stderr)
                continue
            print(f"  draft invoice {ninja.create_draft(cid, items, args.month)} created")
    return 0


if __name__ == "__main__":
    sys.exit(main())
