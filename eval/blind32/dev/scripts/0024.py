#!/usr/bin/env python3
"""Apply a custom transform to exported InfluxDB CSV before plotting.

The transform is Python source supplied by whoever runs the analysis: either
a file path in INFLUX_TRANSFORM or inline code in INFLUX_TRANSFORM_CODE.  It is
executed with `rows` (list of dicts) in scope and must leave `rows` modified.
"""
import csv
import os
import sys
from pathlib import Path

SRC = Path("build/exports/influx.csv")
DST = Path("build/exports/influx.transformed.csv")


def load_transform():
    inline = os.environ.get("INFLUX_TRANSFORM_CODE")
    if inline:
        return inline
    path = os.environ.get("INFLUX_TRANSFORM")
    if path:
        return Path(os.path.expanduser(path)).read_text()
    return None


def main():
    with SRC.open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    code = load_transform()
    if code:
        scope = {"rows": rows}
        exec(code, scope)
        rows = scope["rows"]
    if not rows:
        print("no rows after transform")
        return 1
    with DST.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    print(f"{len(rows)} rows -> {DST}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
