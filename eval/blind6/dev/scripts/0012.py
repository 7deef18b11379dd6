#!/usr/bin/env python3
"""Normalize exported CSV files (trim, dedupe, ISO dates) into data/clean/.

Refuses to read or write anything outside the project directory.
"""
import argparse
import csv
import sys
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATE_FORMATS = ("%d/%m/%Y", "%m-%d-%Y", "%Y-%m-%d", "%d.%m.%Y")


def inside_project(p: Path) -> Path:
    resolved = p.resolve()
    if ROOT not in resolved.parents and resolved != ROOT:
        raise SystemExit(f"refusing to touch {resolved}: outside {ROOT}")
    return resolved


def to_iso(value: str) -> str:
    for fmt in DATE_FORMATS:
        try:
            return datetime.strptime(value, fmt).date().isoformat()
        except ValueError:
            continue
    return value


def normalize(rows: list[dict], date_cols: list[str]) -> list[dict]:
    seen, out = set(), []
    for row in rows:
        clean = {k.strip(): (v or "").strip() for k, v in row.items()}
        for col in date_cols:
            if col in clean:
                clean[col] = to_iso(clean[col])
        key = tuple(sorted(clean.items()))
        if key not in seen:
            seen.add(key)
            out.append(clean)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("inputs", nargs="+", type=Path)
    ap.add_argument("--out-dir", type=Path, default=ROOT / "data" / "clean")
    ap.add_argument("--date-col", action="append", default=[])
    ns = ap.parse_args()
    out_dir = inside_project(ns.out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    for src in ns.inputs:
        src = inside_project(src)
        with src.open(newline="") as fh:
            rows = list(csv.DictReader(fh))
        rows = normalize(rows, ns.date_col)
        dst = out_dir / src.name
        with dst.open("w", newline="") as fh:
            if rows:
                w = csv.DictWriter(fh, fieldnames=list(rows[0]))
                w.writeheader()
                w.writerows(rows)
        print(f"{src.name}: {len(rows)} row(s) -> {dst.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
