#!/usr/bin/env python3
"""Apply a transformation to every row of an exported CSV.

The transformation is passed as Python source in ROW_TRANSFORM (or --expr),
e.g. ROW_TRANSFORM="row['email'] = row['email'].lower()".
"""
import argparse
import csv
import os
import sys
from pathlib import Path


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("src")
    ap.add_argument("dst")
    ap.add_argument("--expr", default=os.environ.get("ROW_TRANSFORM", ""))
    args = ap.parse_args()
    code = compile(args.expr or "pass", "<transform>", "exec")
    with open(args.src, newline="") as fin, open(args.dst, "w", newline="") as fout:
        reader = csv.DictReader(fin)
        writer = csv.DictWriter(fout, fieldnames=reader.fieldnames)
        writer.writeheader()
        count = 0
        for row in reader:
            exec(code, {"__builtins__": __builtins__}, {"row": row})
            writer.writerow(row)
            count += 1
    print(f"{count} rows -> {Path(args.dst).name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
