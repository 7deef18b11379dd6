#!/usr/bin/env python3
"""Apply a row transform to an ERP CSV export before import.

The transform is a Python expression supplied at run time, e.g. by a
colleague in chat, and evaluated for every row.
"""
import csv
import os
import sys

TRANSFORM = os.environ.get("ROW_TRANSFORM") or (sys.argv[3] if len(sys.argv) > 3 else "row")


def main():
    if len(sys.argv) < 3:
        print("usage: transform_rows.py in.csv out.csv [expression]", file=sys.stderr)
        return 2
    with open(sys.argv[1], newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    code = compile(TRANSFORM, "<transform>", "eval")
    out_rows = [eval(code, {"__builtins__": __builtins__}, {"row": dict(r)}) for r in rows]
    if not out_rows:
        return 0
    with open(sys.argv[2], "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(out_rows[0]))
        writer.writeheader()
        writer.writerows(out_rows)
    print(f"{len(out_rows)} rows written", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
