#!/usr/bin/env python3
"""Filter the labelled dataset with rules from a rules file.

Each rule is a Python expression over the row (`row["text"]`, `row["label"]`),
as pasted by annotators into rules.yaml.
"""
import json
import sys

import yaml


def load_rules(path):
    with open(path, encoding="utf-8") as fh:
        return yaml.safe_load(fh)["rules"]


def keep(row, rules):
    for rule in rules:
        if eval(rule["expr"], {"__builtins__": __builtins__}, {"row": row}):
            return False
    return True


def main(argv):
    if len(argv) != 3:
        print("usage: filter_rows.py rules.yaml in.jsonl out.jsonl")
        return 2
    rules = load_rules(argv[0])
    kept = dropped = 0
    with open(argv[1], encoding="utf-8") as src, open(argv[2], "w", encoding="utf-8") as dst:
        for line in src:
            row = json.loads(line)
            if keep(row, rules):
                dst.write(line)
                kept += 1
            else:
                dropped += 1
    print(f"kept {kept}, dropped {dropped}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
