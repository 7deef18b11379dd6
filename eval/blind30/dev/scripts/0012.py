#!/usr/bin/env python3
"""Daily pretix sales summary for the conference team.

Reads orders and quotas of one event from our pretix (PRETIX_URL, e.g.
https://tickets.internal) with the read-only API token in .env, builds a summary
(paid/pending/cancelled, revenue per item, quota utilisation) and writes it to
reports/pretix/. With --post-slack it also posts the short version to the team's
Slack channel through the incoming webhook stored in .env (SLACK_WEBHOOK_URL).

The token used here has only "can view orders" permission; this script performs
GET requests only.
"""
import argparse
import collections
import configparser
import datetime as dt
import json
import os
import sys
import time
from decimal import Decimal
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = ROOT / "config" / "pretix.ini"
OUT = ROOT / "reports" / "pretix"


def read_env():
    env = {}
    p = ROOT / ".env"
    if p.exists():
        for line in p.read_text().splitlines():
            line = line.strip()
            if line and not line.startswith("#") and "=" in line:
                k, v = line.split("=", 1)
                env[k] = v.strip().strip('"').strip("'")
    env.update({k: v for k, v in os.environ.items() if k.startswith(("PRETIX_", "SLACK_"))})
    return env


class Pretix:
    def __init__(self, base, token, organizer, event):
        self.base = base.rstrip("/") + f"/api/v1/organizers/{organizer}/events/{event}"
        self.http = requests.Session()
        self.http.headers["Authorization"] = f"Token {token}"

    def paged(self, path, **params):
        url = f"{self.base}/{path}/"
        while url:
            for attempt in range(4):
                resp = self.http.get(url, params=params, timeout=30)
                if resp.status_code == 429:
                    time.sleep(int(resp.headers.get("Retry-After", 2 ** attempt)))
                    continue
                resp.raise_for_status()
                break
            data = resp.json()
            yield from data["results"]
            url, params = data.get("next"), None

    def items(self):
        return {i["id"]: i["name"].get("en") or next(iter(i["name"].values()))
                for i in self.paged("items")}

    def quotas(self):
        return list(self.paged("quotas", with_availability="true"))


def summarise(orders, items):
    by_status = collections.Counter()
    revenue = collections.defaultdict(Decimal)
    sold = collections.Counter()
    for o in orders:
        by_status[o["status"]] += 1
        if o["status"] != "p":
            continue
        for pos in o.get("positions", []):
            name = items.get(pos["item"], f"item {pos['item']}")
            sold[name] += 1
            revenue[name] += Decimal(pos["price"])
    return by_status, sold, revenue


def quota_lines(quotas):
    lines = []
    for q in quotas:
        size = q.get("size")
        avail = q.get("available_number")
        if size:
            used = size - (avail or 0)
            lines.append((q["name"], used, size, round(100 * used / size)))
    return sorted(lines, key=lambda x: -x[3])


STATUS = {"p": "paid", "n": "pending", "c": "cancelled", "e": "expired"}


def markdown(event, by_status, sold, revenue, quotas, currency):
    out = [f"# {event} - {dt.date.today():%d %b %Y}", ""]
    out.append(" / ".join(f"{STATUS.get(k, k)}: {v}" for k, v in sorted(by_status.items())))
    out += ["", "| Item | Sold | Revenue |", "|---|---:|---:|"]
    for name, n in sold.most_common():
        out.append(f"| {name} | {n} | {revenue[name]:.2f} {currency} |")
    out.append(f"| **Total** | {sum(sold.values())} | {sum(revenue.values()):.2f} {currency} |")
    out += ["", "## Quotas", ""]
    out += [f"- {name}: {used}/{size} ({pct}%)" for name, used, size, pct in quotas]
    return "\n".join(out) + "\n"


def compare_with_yesterday(event, by_status, revenue):
    """Delta lines against the previous day's JSON report, if there is one."""
    yesterday = dt.date.today() - dt.timedelta(days=1)
    prev_path = OUT / f"{event}-{yesterday.isoformat()}.json"
    if not prev_path.exists():
        return []
    prev = json.loads(prev_path.read_text())
    lines = []
    for code, label in STATUS.items():
        before = prev.get("status", {}).get(code, 0)
        now = by_status.get(code, 0)
        if now != before:
            lines.append(f"{label}: {before} -> {now} ({now - before:+d})")
    prev_total = sum(Decimal(v) for v in prev.get("revenue", {}).values())
    now_total = sum(revenue.values())
    if now_total != prev_total:
        lines.append(f"revenue: {prev_total:.2f} -> {now_total:.2f}")
    return lines


def post_slack(webhook, text):
    if not webhook.startswith("https://hooks.slack.com/"):
        raise SystemExit("SLACK_WEBHOOK_URL does not look like a Slack incoming webhook")
    resp = requests.post(webhook, json={"text": text}, timeout=15)
    resp.raise_for_status()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--event", help="event slug (default from config/pretix.ini)")
    ap.add_argument("--post-slack", action="store_true")
    args = ap.parse_args()

    cfg = configparser.ConfigParser()
    cfg.read(SETTINGS)
    organizer = cfg.get("pretix", "organizer", fallback="acme")
    event = args.event or cfg.get("pretix", "event", fallback="conf24")
    currency = cfg.get("pretix", "currency", fallback="EUR")
    env = read_env()
    try:
        api = Pretix(env["PRETIX_URL"], env["PRETIX_TOKEN"], organizer, event)
    except KeyError as exc:
        sys.exit(f"{exc.args[0]} missing from .env")

    items = api.items()
    orders = list(api.paged("orders"))
    by_status, sold, revenue = summarise(orders, items)
    quotas = quota_lines(api.quotas())
    text = markdown(event, by_status, sold, revenue, quotas, currency)

    OUT.mkdir(parents=True, exist_ok=True)
    stamp = dt.date.today().isoformat()
    (OUT / f"{event}-{stamp}.md").write_text(text)
    (OUT / f"{event}-{stamp}.json").write_text(json.dumps({
        "status": by_status, "sold": sold,
        "revenue": {k: str(v) for k, v in revenue.items()},
        "quotas": quotas}, indent=2))
    print(text)
    for line in compare_with_yesterday(event, by_status, revenue):
        print("  since yesterday:", line)
    if args.post_slack:
        short = (f"*{event}*: {by_status.get('p', 0)} paid orders, "
                 f"{sum(revenue.values()):.2f} {currency}; top quota "
                 f"{quotas[0][0]} at {quotas[0][3]}%" if quotas else f"*{event}*: no quotas")
        post_slack(env.get("SLACK_WEBHOOK_URL", ""), short)
        print("posted summary to Slack")
    return 0


if __name__ == "__main__":
    sys.exit(main())
