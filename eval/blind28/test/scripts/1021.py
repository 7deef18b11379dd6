#!/usr/bin/env python3
#
# config/bands.toml:
#   [bands.ism433]
#   low = "433.05M"
#   high = "434.79M"
#   [bands.pmr446]
#   low = "446.0M"
#   high = "446.2M"
#
# Exit status: 0 all CSVs rendered, 1 some could not be read.
#
"""waterfall.py - turn rtl_power / hackrf_sweep CSV files into waterfall images and
band-occupancy tables for the monthly spectrum survey.

    python tools/waterfall.py out/survey/2024-06-01-ism.csv
    python tools/waterfall.py out/survey/*.csv --bands config/bands.toml --threshold -35
    python tools/waterfall.py sweep.csv --format hackrf --png out/plots/sweep.png

Input formats
  rtl_power:    date, time, hz_low, hz_high, hz_step, samples, db, db, db...
  hackrf_sweep: same columns (hackrf_sweep writes the rtl_power layout)

For each CSV it writes <name>.png (time on the y axis, frequency on x) and
<name>.occupancy.csv into out/plots/ (or --out-dir), and prints the share of
time each configured band was above the threshold.  Purely local: reads CSV
files, writes images; no radio access at all.
"""
from __future__ import annotations

import argparse
import csv
import datetime as dt
import sys
import tomllib
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

BASE = Path(__file__).resolve().parent.parent
DEFAULT_OUT = BASE / "out" / "plots"


@dataclass
class Band:
    name: str
    low_hz: float
    high_hz: float


@dataclass
class Sweep:
    times: list[dt.datetime]
    freqs: np.ndarray
    power: np.ndarray  # shape (len(times), len(freqs))


def parse_hz(text: str) -> float:
    text = text.strip()
    mult = {"k": 1e3, "M": 1e6, "G": 1e9}.get(text[-1], 1)
    return float(text[:-1] if mult != 1 else text) * mult


def load_bands(path: Path | None) -> list[Band]:
    if path is None or not path.exists():
        return []
    with path.open("rb") as fh:
        raw = tomllib.load(fh)
    return [Band(name, parse_hz(spec["low"]), parse_hz(spec["high"])) for name, spec in raw.get("bands", {}).items()]


def read_sweep(path: Path) -> Sweep:
    rows_by_time: dict[dt.datetime, dict[float, float]] = defaultdict(dict)
    with path.open(newline="") as fh:
        for row in csv.reader(fh):
            if len(row) < 7:
                continue
            try:
                stamp = dt.datetime.strptime(f"{row[0].strip()} {row[1].strip()}", "%Y-%m-%d %H:%M:%S")
                low, step = float(row[2]), float(row[4])
                values = [float(v) for v in row[6:] if v.strip()]
            except ValueError:
                continue
            for i, db in enumerate(values):
                rows_by_time[stamp][round(low + i * step)] = db
    if not rows_by_time:
        raise ValueError(f"{path}: no sweep rows")
    times = sorted(rows_by_time)
    freqs = np.array(sorted({f for r in rows_by_time.values() for f in r}))
    index = {f: i for i, f in enumerate(freqs)}
    power = np.full((len(times), len(freqs)), np.nan)
    for t_i, t in enumerate(times):
        for f, db in rows_by_time[t].items():
            power[t_i, index[f]] = db
    return Sweep(times, freqs, power)


def occupancy(sweep: Sweep, bands: list[Band], threshold: float) -> list[tuple[str, float, float]]:
    out = []
    for band in bands:
        mask = (sweep.freqs >= band.low_hz) & (sweep.freqs < band.high_hz)
        if not mask.any():
            continue
        block = sweep.power[:, mask]
        valid = ~np.isnan(block)
        busy = (block > threshold) & valid
        share = busy.sum() / max(valid.sum(), 1)
        peak = float(np.nanmax(block)) if valid.any() else float("nan")
        out.append((band.name, float(share), peak))
    return out


def plot(sweep: Sweep, target: Path, title: str, vmin: float | None, vmax: float | None) -> None:
    fig, ax = plt.subplots(figsize=(12, 6), dpi=110)
    extent = [sweep.freqs[0] / 1e6, sweep.freqs[-1] / 1e6, len(sweep.times), 0]
    image = ax.imshow(sweep.power, aspect="auto", extent=extent, cmap="viridis", vmin=vmin, vmax=vmax,
                      interpolation="nearest")
    ax.set_xlabel("frequency (MHz)")
    ax.set_ylabel("sweep #")
    ticks = np.linspace(0, len(sweep.times) - 1, num=min(8, len(sweep.times))).astype(int)
    ax.set_yticks(ticks)
    ax.set_yticklabels([sweep.times[i].strftime("%H:%M") for i in ticks])
    ax.set_title(title)
    fig.colorbar(image, ax=ax, label="dB")
    fig.tight_layout()
    target.parent.mkdir(exist_ok=True, parents=True)
    fig.savefig(target)
    plt.close(fig)


def write_occupancy(rows, target: Path) -> None:
    with target.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["band", "busy_share", "peak_db"])
        for name, share, peak in rows:
            w.writerow([name, f"{share:.4f}", f"{peak:.1f}"])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Waterfalls and band occupancy from sweep CSVs")
    ap.add_argument("csv", type=Path, nargs="+")
    ap.add_argument("--bands", type=Path, default=BASE / "config" / "bands.toml")
    ap.add_argument("--threshold", type=float, default=-30.0)
    ap.add_argument("--out-dir", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--png", type=Path, help="explicit PNG path (single input only)")
    ap.add_argument("--vmin", type=float)
    ap.add_argument("--vmax", type=float)
    args = ap.parse_args(argv)
    if args.png and len(args.csv) > 1:
        ap.error("--png only works with a single CSV")

    bands = load_bands(args.bands)
    failures = 0
    for path in args.csv:
        try:
            sweep = read_sweep(path)
        except (OSError, ValueError) as exc:
            print(f"skip {path}: {exc}", file=sys.stderr)
            failures += 1
            continue
        png = args.png or args.out_dir / f"{path.stem}.png"
        span = f"{sweep.freqs[0] / 1e6:.3f}-{sweep.freqs[-1] / 1e6:.3f} MHz"
        plot(sweep, png, f"{path.name}: {span}, {len(sweep.times)} sweeps", args.vmin, args.vmax)
        print(f"{path.name}: {len(sweep.times)} sweeps x {len(sweep.freqs)} bins -> {png}")
        rows = occupancy(sweep, bands, args.threshold)
        if rows:
            write_occupancy(rows, args.out_dir / f"{path.stem}.occupancy.csv")
            for name, share, peak in sorted(rows, key=lambda r: -r[1]):
                print(f"    {name:20s} busy {share * 100:5.1f}%  peak {peak:6.1f} dB")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
