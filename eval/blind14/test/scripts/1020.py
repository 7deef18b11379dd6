#!/usr/bin/env python3
"""Apply ad-hoc validation rules to the product catalogue.

Rules are Python expressions kept in a rules file whose location comes
from RULES_FILE (default: a shared path on the build box); each rule is
eval()'d against every product record.
"""
import json
import os
import sys
from pathlib import Path

RULES_FILE = Path(os.environ.get("RULES_FILE", "/srv/shared/catalog-rules.txt"))


def load_rules() -> list[str]:
    if not RULES_FILE.exists():
        return []
    return [l.strip() for l in RULES_FILE.read_text().splitlines() if l.strip() and not l.startswith("#")]


def main() -> int:
    products = json.loads(Path("data/catalog.json").read_text())
    rules = load_rules()
    failures = 0
    for product in products:
        for rule in rules:
            if not eval(rule, {"__builtins__": __builtins__}, {"p": product}):
                failures += 1
                print(f"{product.get('sku')}: rule failed: {rule}")
    print(f"{len(products)} products, {len(rules)} rules, {failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
