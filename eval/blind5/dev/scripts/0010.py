#!/usr/bin/env python3
"""Convert exported CSV order files into newline-delimited JSON for the loader.

Validates each row against a small schema and writes rejects to a side file.
"""
import argparse
import csv
import json
import sys
from decimal import Decimal, InvalidOperation
from pathlib import Path

SCHEMA = {
    "order_id": int,
    "customer_id": int,
    "amount": Decimal,
    "currency": str,
    "created_at": str,
}
CURRENCIES = {"EUR", "USD", "GBP", "CHF"}


class RowError(ValueError):
    pass


def coerce(row: dict) -> dict:
    out = {}
    for field, typ in SCHEMA.items():
        raw = (row.get(field) or "").strip()
        if not raw:
            raise RowError(f"missing {field}")
        try:
            value = typ(raw)
        except (ValueError, InvalidOperation) as exc:
            raise RowError(f"bad {field}: {raw!r}") from exc
        out[field] = str(value) if isinstance(value, Decimal) else value
    if out["currency"] not in CURRENCIES:
        raise RowError(f"unknown currency {out['currency']}")
    return out


def convert(src: Path, dst: Path, rejects: Path) -> tuple[int, int]:
    ok = bad = 0
    with src.open(newline="") as fin, dst.open("w") as fout, rejects.open("w") as frej:
        for lineno, row in enumerate(csv.DictReader(fin), start=2):
            try:
                fout.write(json.dumps(coerce(row)) + "\n")
                ok += 1
            except RowError as exc:
                frej.write(json.dumps({"line": lineno, "error": str(exc), "row": row}) + "\n")
                bad += 1
    return ok, bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("inputs", nargs="+", type=Path)
    ap.add_argument("--out-dir", type=Path, default=Path("data/ndjson"))
    args = ap.parse_args()
    args.out_dir.mkdir(parents=True, exist_ok=True)
    failed = False
    for src in args.inputs:
        dst = args.out_dir / (src.stem + ".ndjson")
        rej = args.out_dir / (src.stem + ".rejects.ndjson")
        ok, bad = convert(src, dst, rej)
        print(f"{src.name}: {ok} rows, {bad} rejected")
        failed |= bad > 0
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
