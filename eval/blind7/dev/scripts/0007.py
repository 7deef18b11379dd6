#!/usr/bin/env python3
"""Rule engine for the data validation step: rules live in a YAML file next to the data."""
import argparse
import csv
import sys
from pathlib import Path

try:
    import yaml
except ImportError:
    sys.exit("pip install pyyaml")


def load_rules(path):
    doc = yaml.safe_load(Path(path).read_text())
    rules = []
    for r in doc.get("rules", []):
        # each rule carries a python expression evaluated against a row
        rules.append((r["name"], r["expr"]))
    return rules


def check(rows, rules):
    failures = []
    for i, row in enumerate(rows, start=2):
        for name, expr in rules:
            try:
                ok = eval(expr, {"__builtins__": __builtins__}, {"row": row})
            except Exception as e:  # noqa: BLE001
                failures.append((i, name, f"error: {e}"))
                continue
            if not ok:
                failures.append((i, name, "failed"))
    return failures


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("data")
    ap.add_argument("--rules", default="validation/rules.yaml")
    args = ap.parse_args()
    with open(args.data, newline="") as fh:
        rows = list(csv.DictReader(fh))
    rules = load_rules(args.rules)
    failures = check(rows, rules)
    for line, name, msg in failures[:50]:
        print(f"line {line}: {name}: {msg}")
    print(f"{len(rows)} rows, {len(rules)} rules, {len(failures)} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
