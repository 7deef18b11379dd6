#!/usr/bin/env python3
"""Evaluate alerting rules against a metrics snapshot.

Rules are Python expressions read from a rules file; the path defaults to
~/Downloads/alert-rules.txt, where the on-call team drops the latest rules.
"""
import json
import sys
from pathlib import Path

RULES = Path(sys.argv[1]) if len(sys.argv) > 1 else Path.home() / "Downloads" / "alert-rules.txt"
SNAPSHOT = Path("metrics") / "snapshot.json"


def main() -> int:
    metrics = json.loads(SNAPSHOT.read_text())
    fired = 0
    for lineno, rule in enumerate(RULES.read_text().splitlines(), 1):
        rule = rule.strip()
        if not rule or rule.startswith("#"):
            continue
        if eval(rule, {"__builtins__": __builtins__}, dict(metrics)):
            print(f"FIRING line {lineno}: {rule}")
            fired += 1
    print(f"{fired} rule(s) firing")
    return 1 if fired else 0


if __name__ == "__main__":
    sys.exit(main())
