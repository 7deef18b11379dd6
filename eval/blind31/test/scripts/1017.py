#!/usr/bin/env python3
"""Rate-shopping benchmark for the checkout's shipping estimator.

For a table of representative parcels (test/fixtures/parcels.csv) and
destination addresses (test/fixtures/destinations.csv) we ask Shippo for
rates and compare them with what our estimator predicts
(src/shipping/estimator.py). The output tells us where the estimator is off.

Only Shippo *test* tokens (shippo_test_…) are accepted; rates requested with
a test token are real quotes but nothing is purchased, and this script never
creates transactions at all.

    python tools/rate_benchmark.py
    python tools/rate_benchmark.py --limit 20 --carrier usps
"""
from __future__ import annotations

import argparse
import csv
import os
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import requests

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from shipping.estimator import estimate  # noqa: E402  (project module)

API = "https://api.goshippo.com"
PARCELS = REPO / "test" / "fixtures" / "parcels.csv"
DESTINATIONS = REPO / "test" / "fixtures" / "destinations.csv"
OUT = REPO / "reports" / "rate-benchmark.csv"
ORIGIN = {
    "name": "Checkout Test Origin",
    "street1": "965 Mission St",
    "city": "San Francisco",
    "state": "CA",
    "zip": "94103",
    "country": "US",
}


@dataclass
class Quote:
    parcel: str
    destination: str
    carrier: str
    service: str
    amount: float
    estimate: float

    @property
    def error_pct(self) -> float:
        return (self.estimate - self.amount) / self.amount * 100 if self.amount else 0.0


def token_from_env() -> str:
    token = os.environ.get("SHIPPO_TEST_TOKEN", "")
    if not token:
        env = REPO / ".env"
        if env.exists():
            for line in env.read_text().splitlines():
                if line.startswith("SHIPPO_TEST_TOKEN="):
                    token = line.split("=", 1)[1].strip().strip('"')
    if not token.startswith("shippo_test_"):
        raise SystemExit("SHIPPO_TEST_TOKEN must be a Shippo test token (shippo_test_…)")
    return token


def session(token: str) -> requests.Session:
    s = requests.Session()
    s.headers.update({"Authorization": f"ShippoToken {token}", "Content-Type": "application/json"})
    return s


def post_with_backoff(s: requests.Session, path: str, body: dict, attempts: int = 5) -> dict:
    delay = 1.0
    for attempt in range(1, attempts + 1):
        resp = s.post(API + path, json=body, timeout=45)
        if resp.status_code == 429 or resp.status_code >= 500:
            if attempt == attempts:
                resp.raise_for_status()
            time.sleep(float(resp.headers.get("Retry-After", delay)))
            delay = min(delay * 2, 20)
            continue
        resp.raise_for_status()
        return resp.json()
    return {}


def read_csv(path: Path) -> list[dict]:
    with path.open(newline="") as fh:
        return list(csv.DictReader(fh))


def quotes_for(s: requests.Session, parcel: dict, dest: dict, carrier: str | None) -> list[Quote]:
    shipment = post_with_backoff(s, "/shipments/", {
        "address_from": ORIGIN,
        "address_to": {k: dest[k] for k in ("name", "street1", "city", "state", "zip", "country")},
        "parcels": [{
            "length": parcel["length_in"], "width": parcel["width_in"], "height": parcel["height_in"],
            "distance_unit": "in", "weight": parcel["weight_lb"], "mass_unit": "lb",
        }],
        "async": False,
    })
    out = []
    for rate in shipment.get("rates", []):
        provider = rate["provider"].lower()
        if carrier and provider != carrier:
            continue
        service = rate["servicelevel"]["token"]
        predicted = estimate(
            weight_lb=float(parcel["weight_lb"]),
            dims_in=(float(parcel["length_in"]), float(parcel["width_in"]), float(parcel["height_in"])),
            dest_zip=dest["zip"],
            service=service,
        )
        out.append(Quote(parcel["id"], dest["id"], provider, service, float(rate["amount"]), predicted))
    return out


def write(quotes: list[Quote]) -> None:
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["parcel", "destination", "carrier", "service", "quoted", "estimated", "error_pct"])
        for q in quotes:
            w.writerow([q.parcel, q.destination, q.carrier, q.service, f"{q.amount:.2f}", f"{q.estimate:.2f}", f"{q.error_pct:.1f}"])


def summarise(quotes: list[Quote]) -> None:
    by_service: dict[str, list[float]] = {}
    for q in quotes:
        by_service.setdefault(f"{q.carrier}/{q.service}", []).append(q.error_pct)
    print(f"{'service':<40} {'n':>4} {'median err %':>13} {'worst %':>9}")
    for name, errors in sorted(by_service.items()):
        worst = max(errors, key=abs)
        print(f"{name:<40} {len(errors):>4} {statistics.median(errors):>13.1f} {worst:>9.1f}")


def worst_cases(quotes: list[Quote], limit: int = 5) -> list[Quote]:
    """Quotes where the estimator undercharges most (those cost us money)."""
    return sorted((q for q in quotes if q.error_pct < 0), key=lambda q: q.error_pct)[:limit]


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=int, default=0, help="max parcel/destination pairs")
    parser.add_argument("--carrier", help="only this carrier (usps, ups, fedex)")
    args = parser.parse_args(argv)

    s = session(token_from_env())
    parcels, destinations = read_csv(PARCELS), read_csv(DESTINATIONS)
    pairs = [(p, d) for p in parcels for d in destinations]
    if args.limit:
        pairs = pairs[: args.limit]
    quotes: list[Quote] = []
    for i, (parcel, dest) in enumerate(pairs, 1):
        try:
            quotes.extend(quotes_for(s, parcel, dest, args.carrier))
        except requests.HTTPError as exc:
            print(f"[{i}/{len(pairs)}] {parcel['id']} -> {dest['id']}: {exc}")
            continue
        if i % 10 == 0:
            print(f"[{i}/{len(pairs)}] {len(quotes)} quotes so far")
    write(quotes)
    summarise(quotes)
    for q in worst_cases(quotes):
        print(f"  undercharged: {q.parcel} -> {q.destination} {q.carrier}/{q.service} "
              f"quoted {q.amount:.2f}, estimated {q.estimate:.2f} ({q.error_pct:.1f}%)")
    print(f"{len(quotes)} quotes -> {OUT.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
