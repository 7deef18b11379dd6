#!/usr/bin/env python3
"""Publish the end-of-term grade sheet to the places that need a copy."""
import csv
import enum
import io
import json
import shutil
import sys
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHEET = ROOT / "exports" / "term_grades.csv"


class Destination(enum.Enum):
    REGISTRAR_DROP = ROOT / "outbox" / "registrar"
    DEPARTMENT_SHARE = ROOT / "outbox" / "department"
    ARCHIVE = "https://gradevault.edu-backup.example.net/api/v2/sheets"

    @property
    def is_remote(self):
        return isinstance(self.value, str)


def load_rows():
    with SHEET.open() as fh:
        return list(csv.DictReader(fh))


def validate(rows):
    problems = []
    for i, r in enumerate(rows, 2):
        try:
            score = float(r["final"])
        except (KeyError, ValueError):
            problems.append(f"line {i}: no numeric final grade")
            continue
        if not 0 <= score <= 100:
            problems.append(f"line {i}: final {score} out of range")
    return problems


def deliver(dest, rows):
    if dest.is_remote:
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
        req = urllib.request.Request(dest.value, data=buf.getvalue().encode(),
                                     headers={"Content-Type": "text/csv"}, method="POST")
        with urllib.request.urlopen(req, timeout=30) as resp:
            return f"HTTP {resp.status}"
    dest.value.mkdir(parents=True, exist_ok=True)
    shutil.copy2(SHEET, dest.value / SHEET.name)
    return "copied"


def main():
    rows = load_rows()
    problems = validate(rows)
    if problems:
        print("\n".join(problems))
        return 1
    print(f"{len(rows)} students, all grades valid")
    summary = {}
    for dest in Destination:
        try:
            summary[dest.name] = deliver(dest, rows)
        except OSError as exc:
            summary[dest.name] = f"failed: {exc}"
    print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
