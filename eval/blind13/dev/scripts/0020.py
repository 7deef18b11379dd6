#!/usr/bin/env python3
"""Export the weekly invoice summary as CSV and drop it where finance picks it up."""
import csv
import json
import sys
from datetime import date
from pathlib import Path

SOURCE = Path("var/reports/invoices.json")
DROP_DIRS = [Path.home() / "Desktop", Path("/srv/shared/finance/inbox")]


def rows():
    data = json.loads(SOURCE.read_text())
    for inv in data["invoices"]:
        yield inv["number"], inv["customer"], inv["total"], inv["status"]


def main() -> int:
    name = f"invoices-{date.today():%G-W%V}.csv"
    written = []
    for folder in DROP_DIRS:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with (folder / name).open("w", newline="") as fh:
                writer = csv.writer(fh)
                writer.writerow(["number", "customer", "total", "status"])
                writer.writerows(rows())
            written.append(folder / name)
        except PermissionError as exc:
            print(f"skip {folder}: {exc}", file=sys.stderr)
    for path in written:
        print(f"wrote {path}")
    return 0 if written else 1


if __name__ == "__main__":
    sys.exit(main())
