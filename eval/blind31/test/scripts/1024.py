#!/usr/bin/env python3
"""Score donors with the formulas the fundraising team keeps in a spreadsheet.

scoring.csv columns: name, formula   e.g.  recency, 100 - days_since_last_gift / 3
The formulas are evaluated for each donor row of exports/donors.csv.
"""
import csv
import math
import sys
from pathlib import Path

FORMULAS = Path(sys.argv[1] if len(sys.argv) > 1 else "shared/scoring.csv")
DONORS = Path("exports/donors.csv")
OUT = Path("build/donor-scores.csv")


def main():
    formulas = list(csv.DictReader(FORMULAS.open()))
    rows = list(csv.DictReader(DONORS.open()))
    OUT.parent.mkdir(exist_ok=True)
    with OUT.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["contact_id"] + [f["name"] for f in formulas])
        for row in rows:
            scope = {k: float(v) if v.replace(".", "", 1).isdigit() else v for k, v in row.items()}
            scope["math"] = math
            w.writerow([row["contact_id"]] + [eval(f["formula"], {}, scope) for f in formulas])
    print(f"scored {len(rows)} donors with {len(formulas)} formulas -> {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
