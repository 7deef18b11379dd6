#!/usr/bin/env python3
"""Flatten exported events (JSONL, optionally gzipped) into a CSV for analysts.

Usage: python scripts/events_to_csv.py exports/events-2024-05.jsonl.gz -o reports/events.csv
Writes atomically: output goes to a temp file first and is moved into place.
"""
import argparse
import csv
import gzip
import io
import json
import os
import sys
import tempfile
from pathlib import Path


def open_input(path: Path) -> io.TextIOBase:
    if path.suffix == ".gz":
        return io.TextIOWrapper(gzip.open(path, "rb"), encoding="utf-8")
    return path.open("r", encoding="utf-8")


def flatten(obj: dict, prefix: str = "") -> dict:
    out = {}
    for k, v in obj.items():
        key = f"{prefix}{k}"
        if isinstance(v, dict):
            out.update(flatten(v, key + "."))
        elif isinstance(v, list):
            out[key] = json.dumps(v, separators=(",", ":"))
        else:
            out[key] = v
    return out


def collect_columns(path: Path, sample: int) -> list[str]:
    cols: dict[str, None] = {}
    with open_input(path) as fh:
        for i, line in enumerate(fh):
            if i >= sample:
                break
            if line.strip():
                for k in flatten(json.loads(line)):
                    cols.setdefault(k, None)
    return list(cols)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("input", type=Path)
    ap.add_argument("-o", "--output", type=Path, default=Path("reports/events.csv"))
    ap.add_argument("--sample", type=int, default=5000, help="lines scanned to discover columns")
    args = ap.parse_args()

    columns = collect_columns(args.input, args.sample)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=".events-", suffix=".csv", dir=args.output.parent)
    rows = skipped = 0
    try:
        with os.fdopen(fd, "w", newline="", encoding="utf-8") as out, open_input(args.input) as fh:
            writer = csv.DictWriter(out, fieldnames=columns, extrasaction="ignore")
            writer.writeheader()
            for line in fh:
                if not line.strip():
                    continue
                try:
                    writer.writerow(flatten(json.loads(line)))
                    rows += 1
                except json.JSONDecodeError:
                    skipped += 1
        os.replace(tmp_name, args.output)
    except BaseException:
        Path(tmp_name).unlink(missing_ok=True)
        raise
    print(f"wrote {rows} rows x {len(columns)} columns to {args.output} ({skipped} bad lines skipped)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
