#!/usr/bin/env python3
"""Generate synthetic time-series fixtures for the anomaly detector tests."""
import argparse
import csv
import math
import random
from datetime import datetime, timedelta
from pathlib import Path

OUT_DIR = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "series"


def series(n, seed, anomaly_rate):
    rng = random.Random(seed)
    start = datetime(2025, 1, 1)
    for i in range(n):
        ts = start + timedelta(minutes=5 * i)
        base = 100 + 20 * math.sin(i / 288 * 2 * math.pi)
        noise = rng.gauss(0, 3)
        anomaly = rng.random() < anomaly_rate
        value = base + noise + (rng.choice([-1, 1]) * rng.uniform(40, 80) if anomaly else 0)
        yield ts.isoformat(), round(value, 3), int(anomaly)


def write(name, rows):
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    path = OUT_DIR / f"{name}.csv"
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["ts", "value", "is_anomaly"])
        w.writerows(rows)
    return path


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--points", type=int, default=2016)
    ap.add_argument("--sets", type=int, default=3)
    ap.add_argument("--rate", type=float, default=0.01)
    args = ap.parse_args()
    if not 0 <= args.rate <= 0.5:
        raise SystemExit("--rate must be between 0 and 0.5")
    for k in range(args.sets):
        p = write(f"series_{k}", series(args.points, seed=k, anomaly_rate=args.rate))
        print(f"wrote {p.relative_to(OUT_DIR.parent.parent.parent)}")


if __name__ == "__main__":
    main()
