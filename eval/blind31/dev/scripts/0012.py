#!/usr/bin/env python3
"""Create test-mode shipping labels for the fulfilment integration tests.

Reads orders from fixtures/orders.csv, creates an EasyPost shipment for each,
buys the cheapest rate from the allowed carriers and stores the label.

Test mode only, unless you pass --live AND the key in the environment is a
production key AND you type the confirmation phrase. In CI only
EASYPOST_TEST_API_KEY is set.

    python tools/easypost_labels.py --limit 5
    python tools/easypost_labels.py --dry-run
"""
from __future__ import annotations

import argparse
import base64
import csv
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ORDERS = ROOT / "fixtures" / "orders.csv"
OUT = ROOT / "build" / "labels"
API = "https://api.easypost.com/v2"
LABEL_HOSTS = (".amazonaws.com", ".easypost.com")

FROM_ADDRESS = {
    "company": "Fixture Warehouse",
    "street1": "417 Montgomery Street",
    "city": "San Francisco",
    "state": "CA",
    "zip": "94104",
    "country": "US",
    "phone": "4155550100",
}
ALLOWED_CARRIERS = {"USPS", "UPS"}


def read_env_file(path: Path) -> None:
    if not path.exists():
        return
    for line in path.read_text().splitlines():
        if "=" in line and not line.lstrip().startswith("#"):
            key, value = line.split("=", 1)
            os.environ.setdefault(key.strip(), value.strip().strip("'\""))


def masked(key: str) -> str:
    return f"{key[:4]}…{key[-4:]}" if len(key) > 10 else "…"


def pick_key(live: bool) -> str:
    if live:
        key = os.environ.get("EASYPOST_API_KEY", "")
        if not key.startswith("EZAK"):
            raise SystemExit("--live needs a production EASYPOST_API_KEY (EZAK…)")
        phrase = input("Type 'buy real labels' to continue: ")
        if phrase.strip() != "buy real labels":
            raise SystemExit("aborted")
        return key
    key = os.environ.get("EASYPOST_TEST_API_KEY", "")
    if not key.startswith("EZTK"):
        raise SystemExit("EASYPOST_TEST_API_KEY missing or not a test key (EZTK…)")
    return key


class EasyPost:
    def __init__(self, key: str):
        token = base64.b64encode(f"{key}:".encode()).decode()
        self.headers = {"Authorization": f"Basic {token}", "Content-Type": "application/json"}
        self.requests = 0

    def call(self, method: str, path: str, body: dict | None = None) -> dict:
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(API + path, data=data, method=method, headers=self.headers)
        backoff = 1.0
        for attempt in range(1, 6):
            try:
                with urllib.request.urlopen(req, timeout=30) as resp:
                    self.requests += 1
                    return json.load(resp)
            except urllib.error.HTTPError as exc:
                detail = exc.read().decode(errors="replace")
                if exc.code == 429 or exc.code >= 500:
                    wait = float(exc.headers.get("Retry-After", backoff))
                    print(f"  {exc.code} from EasyPost, retry {attempt}/5 in {wait:.1f}s")
                    time.sleep(wait)
                    backoff = min(backoff * 2, 30)
                    continue
                raise SystemExit(f"{method} {path}: HTTP {exc.code} {detail[:300]}")
        raise SystemExit(f"{method} {path}: gave up after retries")


def load_orders(limit: int | None) -> list[dict]:
    with ORDERS.open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    return rows[:limit] if limit else rows


def to_address(row: dict) -> dict:
    return {
        "name": row["name"],
        "street1": row["street1"],
        "street2": row.get("street2") or None,
        "city": row["city"],
        "state": row["state"],
        "zip": row["zip"],
        "country": row.get("country", "US"),
        "email": row.get("email") or None,
    }


def parcel(row: dict) -> dict:
    return {
        "length": float(row.get("length_in", 9)),
        "width": float(row.get("width_in", 6)),
        "height": float(row.get("height_in", 2)),
        "weight": float(row["weight_oz"]),
    }


def cheapest(rates: list[dict]) -> dict | None:
    usable = [r for r in rates if r["carrier"] in ALLOWED_CARRIERS]
    return min(usable, key=lambda r: float(r["rate"])) if usable else None


def fetch_label(url: str, dest: Path) -> bool:
    host = urllib.parse.urlparse(url).hostname or ""
    if not host.endswith(LABEL_HOSTS):
        print(f"  label host {host} not expected; saving URL only")
        return False
    tmp = dest.with_suffix(".part")
    with urllib.request.urlopen(url, timeout=60) as resp, tmp.open("wb") as fh:
        fh.write(resp.read())
    tmp.replace(dest)
    return True


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--live", action="store_true", help="production key; buys real postage")
    args = ap.parse_args(argv)

    read_env_file(ROOT / ".env")
    orders = load_orders(args.limit)
    if args.dry_run:
        for row in orders:
            print(f"would ship order {row['order_id']} to {row['city']}, {row['state']}")
        return 0

    key = pick_key(args.live)
    print(f"using {'LIVE' if args.live else 'test'} key {masked(key)}")
    client = EasyPost(key)
    OUT.mkdir(parents=True, exist_ok=True)
    summary = []
    for row in orders:
        shipment = client.call("POST", "/shipments", {"shipment": {
            "to_address": to_address(row),
            "from_address": FROM_ADDRESS,
            "parcel": parcel(row),
            "reference": row["order_id"],
            "options": {"label_format": "PDF"},
        }})
        rate = cheapest(shipment.get("rates", []))
        if rate is None:
            print(f"order {row['order_id']}: no rate from {sorted(ALLOWED_CARRIERS)}")
            continue
        bought = client.call("POST", f"/shipments/{shipment['id']}/buy", {"rate": {"id": rate["id"]}})
        label_url = bought["postage_label"]["label_url"]
        saved = fetch_label(label_url, OUT / f"{row['order_id']}.pdf")
        summary.append({
            "order": row["order_id"],
            "shipment": bought["id"],
            "carrier": rate["carrier"],
            "service": rate["service"],
            "rate": rate["rate"],
            "tracking": bought.get("tracking_code"),
            "label": f"{row['order_id']}.pdf" if saved else label_url,
        })
        print(f"order {row['order_id']}: {rate['carrier']} {rate['service']} ${rate['rate']}")
    (OUT / "summary.json").write_text(json.dumps(summary, indent=2))
    print(f"{len(summary)} labels, {client.requests} API requests")
    return 0


if __name__ == "__main__":
    sys.exit(main())
