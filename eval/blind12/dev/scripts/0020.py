#!/usr/bin/env python3
"""Evaluate pricing rules against the sample carts.

Rules are Python expressions stored one per line in a rules file given on the
command line (default: the path in $PRICING_RULES). Each rule is evaluated with
the cart in scope and must return a discount in cents.
"""
import json
import os
import sys
from pathlib import Path

SAMPLES = Path(__file__).resolve().parents[1] / "tests" / "carts.json"


def load_rules(path: Path) -> list[str]:
    return [ln.strip() for ln in path.read_text().splitlines()
            if ln.strip() and not ln.lstrip().startswith("#")]


def main() -> int:
    rules_path = Path(sys.argv[1] if len(sys.argv) > 1 else os.environ.get("PRICING_RULES", "rules.txt"))
    rules = load_rules(rules_path)
    carts = json.loads(SAMPLES.read_text())
    for cart in carts:
        total = 0
        for rule in rules:
            total += int(eval(rule, {"__builtins__": __builtins__}, {"cart": cart}))
        print(f"cart {cart['id']}: discount {total} cents")
    return 0


if __name__ == "__main__":
    sys.exit(main())
