#!/usr/bin/env python3
"""Apply per-site cleaning transforms to Kobo submissions.

Each field site can supply its own transform snippets; the snippet file location
is given in config/sites.yaml under `transforms:` (any path or share the site
coordinator sets up). Every snippet is executed with `row` bound to one submission.
"""
import csv
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def load_transforms(cfg):
    snippets = []
    for site, spec in cfg.get("sites", {}).items():
        path = Path(spec["transforms"]).expanduser()
        snippets.append((site, compile(path.read_text(), str(path), "exec")))
    return snippets


def main():
    cfg = yaml.safe_load((ROOT / "config" / "sites.yaml").read_text())
    transforms = load_transforms(cfg)
    src = ROOT / "data" / "raw" / "kobo" / "submissions.csv"
    dst = ROOT / "data" / "clean" / "submissions.csv"
    dst.parent.mkdir(parents=True, exist_ok=True)
    with src.open(newline="") as fin, dst.open("w", newline="") as fout:
        reader = csv.DictReader(fin)
        writer = csv.DictWriter(fout, fieldnames=reader.fieldnames)
        writer.writeheader()
        for row in reader:
            for site, code in transforms:
                if row.get("site") == site:
                    exec(code, {"row": row})
            writer.writerow(row)
    print(f"cleaned file written to {dst.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
