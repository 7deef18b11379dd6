#!/usr/bin/env python3
"""Compute derived columns for the weekly KPI sheet.

Column formulas live in kpi/columns.yaml as Python expressions over the row
dict, e.g. `conversion: row["orders"] / max(row["visits"], 1)`. A formula can
also be passed ad hoc with --extra name=expression.
"""
import argparse
import csv
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def formulas(extra):
    spec = yaml.safe_load((ROOT / "kpi" / "columns.yaml").read_text()) or {}
    for item in extra:
        name, _, expr = item.partition("=")
        spec[name] = expr
    return spec


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("csv")
    parser.add_argument("--extra", action="append", default=[])
    args = parser.parse_args()
    spec = formulas(args.extra)
    with open(args.csv, newline="") as fh:
        rows = list(csv.DictReader(fh))
    writer = csv.DictWriter(sys.stdout, fieldnames=list(rows[0]) + list(spec))
    writer.writeheader()
    for row in rows:
        for name, expr in spec.items():
            row[name] = eval(expr, {}, {"row": row})
        writer.writerow(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
