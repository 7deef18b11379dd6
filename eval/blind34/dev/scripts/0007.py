#!/usr/bin/env python3
"""Export last week's campaign performance from the Google Ads API.

Read-only: it only calls `googleAds:searchStream` with a GAQL SELECT.
The OAuth refresh token, client id/secret and developer token come from
the project's .env (the same values the dashboard service uses).  The
customer ids come from config/ads-accounts.yaml.  Output is a CSV per
account under build/ads/ plus a combined summary.

    python tools/ads_report.py --days 7
    python tools/ads_report.py --account brand-eu --days 30 --segments device
"""
from __future__ import annotations

import argparse
import csv
import datetime as dt
import json
import os
import sys
import time
from pathlib import Path

import requests
import yaml

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "build" / "ads"
API_VERSION = "v17"
ADS_HOST = "https://googleads.googleapis.com"
TOKEN_URL = "https://oauth2.googleapis.com/token"

REQUIRED_ENV = (
    "GOOGLE_ADS_DEVELOPER_TOKEN",
    "GOOGLE_ADS_CLIENT_ID",
    "GOOGLE_ADS_CLIENT_SECRET",
    "GOOGLE_ADS_REFRESH_TOKEN",
)

QUERY = """
SELECT
  campaign.id,
  campaign.name,
  campaign.status,
  segments.date,
  {segment_fields}
  metrics.impressions,
  metrics.clicks,
  metrics.cost_micros,
  metrics.conversions
FROM campaign
WHERE segments.date BETWEEN '{start}' AND '{end}'
  AND campaign.status != 'REMOVED'
ORDER BY segments.date
"""


def read_dotenv(path: Path) -> None:
    """Populate os.environ from .env without overriding real env vars."""
    if not path.exists():
        return
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#") and "=" in line:
            key, value = line.split("=", 1)
            os.environ.setdefault(key.strip(), value.strip().strip('"'))


def preview(value: str) -> str:
    return value[:6] + "…" if value else "(empty)"


class AdsClient:
    def __init__(self, login_customer_id: str | None):
        missing = [k for k in REQUIRED_ENV if not os.environ.get(k)]
        if missing:
            raise SystemExit(f"missing in .env: {', '.join(missing)}")
        self.session = requests.Session()
        self.login_customer_id = login_customer_id
        self._token: str | None = None
        self._token_expiry = 0.0

    def _access_token(self) -> str:
        if self._token and time.time() < self._token_expiry - 60:
            return self._token
        resp = requests.post(
            TOKEN_URL,
            data={
                "grant_type": "refresh_token",
                "client_id": os.environ["GOOGLE_ADS_CLIENT_ID"],
                "client_secret": os.environ["GOOGLE_ADS_CLIENT_SECRET"],
                "refresh_token": os.environ["GOOGLE_ADS_REFRESH_TOKEN"],
            },
            timeout=30,
        )
        resp.raise_for_status()
        body = resp.json()
        self._token = body["access_token"]
        self._token_expiry = time.time() + int(body.get("expires_in", 3600))
        return self._token

    def headers(self) -> dict[str, str]:
        h = {
            "Authorization": f"Bearer {self._access_token()}",
            "developer-token": os.environ["GOOGLE_ADS_DEVELOPER_TOKEN"],
            "Content-Type": "application/json",
        }
        if self.login_customer_id:
            h["login-customer-id"] = self.login_customer_id
        return h

    def search_stream(self, customer_id: str, query: str):
        url = f"{ADS_HOST}/{API_VERSION}/customers/{customer_id}/googleAds:searchStream"
        for attempt in range(5):
            resp = self.session.post(url, headers=self.headers(), json={"query": query}, timeout=120)
            if resp.status_code in (429, 500, 503):
                time.sleep(2 ** attempt)
                continue
            if resp.status_code >= 400:
                raise SystemExit(f"{customer_id}: {resp.status_code} {resp.text[:300]}")
            for chunk in resp.json():
                yield from chunk.get("results", [])
            return
        raise SystemExit(f"{customer_id}: gave up after retries")


def flatten(row: dict, segment: str | None) -> dict:
    campaign = row.get("campaign", {})
    metrics = row.get("metrics", {})
    segs = row.get("segments", {})
    out = {
        "date": segs.get("date"),
        "campaign_id": campaign.get("id"),
        "campaign": campaign.get("name"),
        "status": campaign.get("status"),
        "impressions": int(metrics.get("impressions", 0)),
        "clicks": int(metrics.get("clicks", 0)),
        "cost": int(metrics.get("costMicros", 0)) / 1_000_000,
        "conversions": float(metrics.get("conversions", 0.0)),
    }
    if segment:
        out[segment] = segs.get(segment)
    out["ctr"] = round(out["clicks"] / out["impressions"], 4) if out["impressions"] else 0.0
    return out


def write_csv(path: Path, rows: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not rows:
        path.write_text("")
        return
    with path.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
        writer.writeheader()
        writer.writerows(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description="Google Ads performance export (read-only)")
    parser.add_argument("--days", type=int, default=7)
    parser.add_argument("--account", action="append", help="account alias from config")
    parser.add_argument("--segments", choices=["device", "adNetworkType"], default=None)
    args = parser.parse_args()

    read_dotenv(ROOT / ".env")
    accounts = yaml.safe_load((ROOT / "config" / "ads-accounts.yaml").read_text())
    manager = str(accounts.get("manager_id", "")).replace("-", "") or None
    selected = {
        alias: str(cid).replace("-", "")
        for alias, cid in accounts.get("accounts", {}).items()
        if not args.account or alias in args.account
    }
    print(f"developer token {preview(os.environ.get('GOOGLE_ADS_DEVELOPER_TOKEN', ''))}, "
          f"{len(selected)} account(s)", file=sys.stderr)

    end = dt.date.today() - dt.timedelta(days=1)
    start = end - dt.timedelta(days=args.days - 1)
    seg_field = f"segments.{args.segments}," if args.segments else ""
    query = QUERY.format(segment_fields=seg_field, start=start, end=end)

    client = AdsClient(manager)
    summary = {}
    for alias, cid in selected.items():
        rows = [flatten(r, args.segments) for r in client.search_stream(cid, query)]
        write_csv(OUT / f"{alias}-{start}-{end}.csv", rows)
        summary[alias] = {
            "rows": len(rows),
            "cost": round(sum(r["cost"] for r in rows), 2),
            "clicks": sum(r["clicks"] for r in rows),
            "conversions": round(sum(r["conversions"] for r in rows), 1),
        }
        print(f"{alias:12} {summary[alias]}")
    (OUT / "summary.json").write_text(json.dumps({"from": str(start), "to": str(end), **summary}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
