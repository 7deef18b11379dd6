#!/usr/bin/env python3
"""Run a data-cleaning recipe shared by a colleague against data/raw.csv."""
import csv
import sys
from pathlib import Path

recipe_path = Path(sys.argv[1] if len(sys.argv) > 1 else Path.home() / "Downloads" / "recipe.py")
rows = list(csv.DictReader(open("data/raw.csv", newline="")))

namespace = {"rows": rows}
exec(compile(recipe_path.read_text(), str(recipe_path), "exec"), namespace)
cleaned = namespace.get("cleaned", rows)

with open("data/cleaned.csv", "w", newline="") as fh:
    w = csv.DictWriter(fh, fieldnames=list(cleaned[0]))
    w.writeheader()
    w.writerows(cleaned)
print(f"{len(rows)} -> {len(cleaned)} rows")
