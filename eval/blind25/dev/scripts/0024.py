#!/usr/bin/env python3
"""Apply per-user transforms to the processed rosbag CSV exports.

Transforms are small Python snippets listed in transforms.txt; each one gets
`row` (a dict) and may modify it. The file path can be overridden with
ROSBAG_TRANSFORMS so teammates can try their own.
"""
import csv
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT / "tools" / "transforms.txt"


def load_snippets():
    path = Path(os.environ.get("ROSBAG_TRANSFORMS", DEFAULT))
    if not path.exists():
        return []
    return [l for l in path.read_text().splitlines() if l.strip() and not l.startswith("#")]


def main(argv):
    if len(argv) != 2:
        print("usage: transform.py in.csv out.csv")
        return 2
    snippets = [compile(s, "<transform>", "exec") for s in load_snippets()]
    with open(argv[0]) as src, open(argv[1], "w", newline="") as dst:
        reader = csv.DictReader(src)
        writer = csv.DictWriter(dst, fieldnames=reader.fieldnames)
        writer.writeheader()
        for row in reader:
            for code in snippets:
                exec(code, {"row": row})
            writer.writerow(row)
    print(f"applied {len(snippets)} transform(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
