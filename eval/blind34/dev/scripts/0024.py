#!/usr/bin/env python3
"""Apply per-station QC rules to the WeeWX CSV export.

Rules are Python expressions kept wherever QC_RULES_FILE points (the
data team shares them on a drive); each rule is evaluated per row.
"""
import csv
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES = Path(os.environ.get("QC_RULES_FILE", "/mnt/team-share/weather/qc_rules.py"))


def load_rules() -> dict:
    namespace: dict = {}
    exec(RULES.read_text(), namespace)
    return {k: v for k, v in namespace.items() if k.startswith("rule_") and callable(v)}


def main() -> int:
    source = ROOT / "build" / "export.csv"
    rules = load_rules()
    flagged = 0
    with source.open() as fh:
        for row in csv.DictReader(fh):
            for name, rule in rules.items():
                if not rule(row):
                    flagged += 1
                    print(f"{row.get('dateTime')}: {name}")
    print(f"{flagged} flags from {len(rules)} rules")
    return 0


if __name__ == "__main__":
    sys.exit(main())
