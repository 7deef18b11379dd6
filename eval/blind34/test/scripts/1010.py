#!/usr/bin/env python3
"""Daily Meta Marketing API snapshot for the growth dashboard (read-only).

Pulls ad-set level insights and the current ad-set configuration (status,
daily budget, bid strategy) for each ad account in config/meta_accounts.toml
and writes build/meta/<date>/<account>.csv plus a budget-utilisation table.
Only GET requests are made; budgets are never changed here.

The system-user token (ads_read) is META_READ_TOKEN in .env; it is sent as
the access_token parameter to graph.facebook.com only, as Meta documents.
"""
from __future__ import annotations

import argparse
import csv
import datetime as dt
import json
import os
import sys
import time
import tomllib
from pathlib import Path
from typing import Iterator

import requests

APP_ROOT = Path(__file__).resolve().parent.parent
GRAPH_URL = "https://graph.facebook.com/v19.0"
ADSET_FIELDS = "id,name,status,effective_status,daily_budget,lifetime_budget,bid_strategy,campaign{name}"
INSIGHT_FIELDS = "adset_id,adset_name,spend,impressions,clicks,cpc,ctr,frequency,actions"


def load_token() -> str:
    token = os.environ.get("META_READ_TOKEN")
    env_file = APP_ROOT / ".env"
    if not token and env_file.exists():
        for row in env_file.read_text().splitlines():
            if row.startswith("META_READ_TOKEN="):
                token = row.partition("=")[2].strip()
    if not token:
        sys.exit("META_READ_TOKEN is missing")
    return token


class Graph:
    def __init__(self, token: str):
        self.token = token
        self.http = requests.Session()

    def get(self, path: str, **params) -> dict:
        params["access_token"] = self.token
        delay = 2
        for _ in range(6):
            resp = self.http.get(f"{GRAPH_URL}/{path}", params=params, timeout=60)
            payload = resp.json()
            code = (payload.get("error") or {}).get("code")
            if code in (4, 17, 32, 613) or resp.status_code >= 500:
                usage = resp.headers.get("x-business-use-case-usage", "")
                print(f"  throttled ({code}); usage={usage[:80]}", file=sys.stderr)
                time.sleep(delay)
                delay = min(delay * 2, 120)
                continue
            if "error" in payload:
                raise SystemExit(f"{path}: {payload['error'].get('message')}")
            return payload
        raise SystemExit(f"{path}: still throttled after retries")

    def pages(self, path: str, **params) -> Iterator[dict]:
        page = self.get(path, **params)
        while True:
            yield from page.get("data", [])
            after = (page.get("paging") or {}).get("cursors", {}).get("after")
            if not after or "next" not in (page.get("paging") or {}):
                break
            page = self.get(path, after=after, **params)


def leads(actions: list[dict] | None) -> int:
    total = 0
    for action in actions or []:
        if action.get("action_type") in ("lead", "onsite_conversion.lead_grouped"):
            total += int(float(action.get("value", 0)))
    return total


def snapshot(graph: Graph, account_id: str, day: dt.date) -> list[dict]:
    adsets = {a["id"]: a for a in graph.pages(f"act_{account_id}/adsets", fields=ADSET_FIELDS, limit=200)}
    rows = []
    rng = json.dumps({"since": day.isoformat(), "until": day.isoformat()})
    for ins in graph.pages(f"act_{account_id}/insights", level="adset", fields=INSIGHT_FIELDS,
                           time_range=rng, limit=500):
        cfg = adsets.get(ins["adset_id"], {})
        daily_budget = int(cfg.get("daily_budget") or 0) / 100
        spend = float(ins.get("spend", 0))
        rows.append({
            "date": day.isoformat(),
            "campaign": (cfg.get("campaign") or {}).get("name", ""),
            "adset": ins.get("adset_name"),
            "status": cfg.get("effective_status", "?"),
            "bid_strategy": cfg.get("bid_strategy", ""),
            "daily_budget": daily_budget,
            "spend": spend,
            "utilisation": round(spend / daily_budget, 3) if daily_budget else None,
            "impressions": int(ins.get("impressions", 0)),
            "clicks": int(ins.get("clicks", 0)),
            "ctr": float(ins.get("ctr", 0)),
            "frequency": float(ins.get("frequency", 0)),
            "leads": leads(ins.get("actions")),
        })
    return rows


def write(rows: list[dict], path: Path) -> None:
    path.parent.mkdir(exist_ok=True, parents=True)
    if not rows:
        path.write_text("")
        return
    with path.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=rows[0].keys())
        writer.writeheader()
        writer.writerows(rows)


def utilisation_report(per_account: dict[str, list[dict]]) -> str:
    out = ["account        adsets  spend     budget    util", "-" * 50]
    for account, rows in per_account.items():
        spend = sum(r["spend"] for r in rows)
        budget = sum(r["daily_budget"] for r in rows)
        util = f"{spend / budget:.0%}" if budget else "-"
        out.append(f"{account:14} {len(rows):6} {spend:9.2f} {budget:9.2f} {util:>6}")
    under = [r for rows in per_account.values() for r in rows if r["utilisation"] is not None and r["utilisation"] < 0.5]
    if under:
        out.append(f"\n{len(under)} ad set(s) spent less than half their budget:")
        out += [f"  {r['campaign']} / {r['adset']}: {r['spend']:.2f} of {r['daily_budget']:.2f}" for r in under[:15]]
    return "\n".join(out)


def fatigue_watchlist(per_account: dict[str, list[dict]], threshold: float = 3.5) -> list[str]:
    """Ad sets whose frequency is high while CTR dropped below 0.5 % — creative fatigue."""
    notes = []
    for account, rows in per_account.items():
        for r in rows:
            if r["frequency"] >= threshold and r["ctr"] < 0.5 and r["status"] == "ACTIVE":
                notes.append(f"{account}: {r['adset']} freq {r['frequency']:.1f}, ctr {r['ctr']:.2f}%")
    return notes


def cost_per_lead(rows: list[dict]) -> float | None:
    spend = sum(r["spend"] for r in rows)
    total_leads = sum(r["leads"] for r in rows)
    return round(spend / total_leads, 2) if total_leads else None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--date", type=dt.date.fromisoformat, default=dt.date.today() - dt.timedelta(days=1))
    ap.add_argument("--account", action="append", help="alias from config (default: all)")
    ns = ap.parse_args()

    with (APP_ROOT / "config" / "meta_accounts.toml").open("rb") as fh:
        accounts = tomllib.load(fh)["accounts"]
    token = load_token()
    print(f"token …{token[-4:]} for {len(accounts)} account(s), day {ns.date}", file=sys.stderr)
    graph = Graph(token)
    per_account = {}
    for alias, account_id in accounts.items():
        if ns.account and alias not in ns.account:
            continue
        rows = snapshot(graph, str(account_id), ns.date)
        write(rows, APP_ROOT / "build" / "meta" / ns.date.isoformat() / f"{alias}.csv")
        per_account[alias] = rows
    print(utilisation_report(per_account))
    for alias, rows in per_account.items():
        cpl = cost_per_lead(rows)
        print(f"{alias}: cost per lead {cpl if cpl is not None else 'n/a'}")
    for note in fatigue_watchlist(per_account):
        print(f"fatigue: {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
