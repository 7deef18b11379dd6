#!/usr/bin/env python3
"""Normalise the vendor price CSVs in data/raw/ into one clean CSV.

    python3 scripts/normalise_prices.py data/raw/*.csv -o data/clean/prices.csv
"""
import argparse
import csv
import re
import sys
from decimal import Decimal, InvalidOperation
from pathlib import Path

HEADER_ALIASES = {
    "sku": {"sku", "article", "item_no", "artikelnummer"},
    "name": {"name", "description", "bezeichnung"},
    "price": {"price", "unit_price", "preis", "cost"},
    "currency": {"currency", "ccy", "waehrung"},
}
PRICE_RE = re.compile(r"[^\d,.\-]")


def map_header(header):
    mapping = {}
    for i, col in enumerate(header):
        key = col.strip().lower()
        for canon, aliases in HEADER_ALIASES.items():
            if key in aliases:
                mapping[canon] = i
    missing = set(HEADER_ALIASES) - set(mapping) - {"currency"}
    if missing:
        raise ValueError(f"missing columns: {', '.join(sorted(missing))}")
    return mapping


def parse_price(raw):
    s = PRICE_RE.sub("", raw)
    if s.count(",") == 1 and s.count(".") != 1:
        s = s.replace(".", "").replace(",", ".")
    else:
        s = s.replace(",", "")
    try:
        return Decimal(s).quantize(Decimal("0.01"))
    except InvalidOperation:
        return None


def read_file(path, default_ccy):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        sample = fh.read(4096)
        fh.seek(0)
        dialect = csv.Sniffer().sniff(sample, delimiters=",;\t")
        reader = csv.reader(fh, dialect)
        mapping = map_header(next(reader))
        for lineno, row in enumerate(reader, start=2):
            if not any(row):
                continue
            price = parse_price(row[mapping["price"]])
            if price is None:
                print(f"{path}:{lineno}: bad price {row[mapping['price']]!r}", file=sys.stderr)
                continue
            ccy = row[mapping["currency"]].strip().upper() if "currency" in mapping else default_ccy
            yield {
                "sku": row[mapping["sku"]].strip(),
                "name": " ".join(row[mapping["name"]].split()),
                "price": str(price),
                "currency": ccy,
                "source": Path(path).name,
            }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("inputs", nargs="+")
    ap.add_argument("-o", "--output", default="data/clean/prices.csv")
    ap.add_argument("--currency", default="EUR")
    args = ap.parse_args()

    seen = {}
    for path in args.inputs:
        for rec in read_file(path, args.currency):
            seen[rec["sku"]] = rec  # later files win
    out = Path(args.output)
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["sku", "name", "price", "currency", "source"])
        w.writeheader()
        for sku in sorted(seen):
            w.writerow(seen[sku])
    print(f"wrote {len(seen)} rows to {out}")


if __name__ == "__main__":
    main()
