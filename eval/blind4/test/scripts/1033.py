#!/usr/bin/env python3
"""Flag suspicious rows in the exported transactions CSV.

Rules live in rules/alerts.yaml as Python expressions evaluated per row, e.g.

    - name: large_refund
      when: "row['type'] == 'refund' and float(row['amount']) > 500"

Usage: python scripts/flag_transactions.py exports/transactions.csv [--rules FILE]
"""
import argparse
import csv
import math
import re
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_RULES = ROOT / "rules" / "alerts.yaml"

SAFE_GLOBALS = {"float": float, "int": int, "len": len, "re": re, "math": math, "datetime": datetime}


def load_rules(path: Path):
    data = yaml.safe_load(path.read_text()) or []
    rules = []
    for r in data:
        code = compile(r["when"], f"<rule {r['name']}>", "eval")
        rules.append((r["name"], code))
    return rules


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("csv", type=Path)
    ap.add_argument("--rules", type=Path, default=DEFAULT_RULES)
    ap.add_argument("-o", "--output", type=Path, default=ROOT / "reports" / "flagged.csv")
    args = ap.parse_args()

    rules = load_rules(args.rules)
    hits = Counter()
    args.output.parent.mkdir(parents=True, exist_ok=True)
    with args.csv.open(newline="") as fh, args.output.open("w", newline="") as out:
        reader = csv.DictReader(fh)
        writer = csv.DictWriter(out, fieldnames=[*reader.fieldnames, "rule"])
        writer.writeheader()
        for row in reader:
            for name, code in rules:
                try:
                    if eval(code, dict(SAFE_GLOBALS), {"row": row}):
                        hits[name] += 1
                        writer.writerow({**row, "rule": name})
                except (KeyError, ValueError, TypeError):
                    continue
    for name, n in hits.most_common():
        print(f"{name:<30} {n}")
    print(f"{sum(hits.values())} flagged row(s) written to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
