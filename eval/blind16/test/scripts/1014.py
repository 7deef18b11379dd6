#!/usr/bin/env python3
"""Render training curves from TensorBoard event files into a static HTML page.

    python tools/curves_report.py [--runs 'lora-*'] [--tags train/loss,val/f1] [--smooth 0.6]

Reads scalar summaries with tensorboard's EventAccumulator (no server needed)
from runs/<run>/, applies exponential smoothing, and writes
reports/curves/index.html with one inline SVG chart per tag plus a table of the
final and best values per run. Everything is local: no JS libraries are loaded
from a CDN, the SVG is generated here. The previous report is replaced.
"""
from __future__ import annotations

import html
import math
import shutil
import sys
from argparse import ArgumentParser
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path

from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

REPO = Path(__file__).resolve().parent.parent
RUNS = REPO / "runs"
OUT = REPO / "reports" / "curves"
PALETTE = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"]
WIDTH, HEIGHT, PAD = 640, 280, 40


@dataclass
class Series:
    run: str
    tag: str
    steps: list[int]
    values: list[float]

    @property
    def final(self) -> float:
        return self.values[-1]

    def best(self, higher_is_better: bool) -> float:
        return max(self.values) if higher_is_better else min(self.values)


def smooth(values: list[float], weight: float) -> list[float]:
    if not values or weight <= 0:
        return values
    out, last = [], values[0]
    for v in values:
        last = last * weight + (1 - weight) * v
        out.append(last)
    return out


def load_runs(pattern: str, tags: list[str]) -> list[Series]:
    found: list[Series] = []
    for run_dir in sorted(p for p in RUNS.iterdir() if p.is_dir() and fnmatch(p.name, pattern)):
        acc = EventAccumulator(str(run_dir), size_guidance={"scalars": 0})
        acc.Reload()
        available = set(acc.Tags().get("scalars", []))
        for tag in tags:
            if tag not in available:
                continue
            events = acc.Scalars(tag)
            found.append(Series(run_dir.name, tag, [e.step for e in events], [e.value for e in events]))
    return found


def svg_chart(series: list[Series], tag: str, weight: float) -> str:
    pts = [(s, smooth(s.values, weight)) for s in series if s.tag == tag and s.values]
    if not pts:
        return f"<p>no data for {html.escape(tag)}</p>"
    xs = [x for s, _ in pts for x in s.steps]
    ys = [y for _, vals in pts for y in vals if math.isfinite(y)]
    x0, x1 = min(xs), max(xs) or 1
    y0, y1 = min(ys), max(ys)
    if y0 == y1:
        y1 = y0 + 1

    def sx(x: float) -> float:
        return PAD + (x - x0) / max(1, x1 - x0) * (WIDTH - 2 * PAD)

    def sy(y: float) -> float:
        return HEIGHT - PAD - (y - y0) / (y1 - y0) * (HEIGHT - 2 * PAD)

    parts = [f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" role="img">']
    parts.append(f'<text x="{PAD}" y="20" font-size="13">{html.escape(tag)}</text>')
    parts.append(f'<line x1="{PAD}" y1="{HEIGHT - PAD}" x2="{WIDTH - PAD}" y2="{HEIGHT - PAD}" stroke="#999"/>')
    parts.append(f'<line x1="{PAD}" y1="{PAD}" x2="{PAD}" y2="{HEIGHT - PAD}" stroke="#999"/>')
    parts.append(f'<text x="4" y="{PAD + 4}" font-size="10">{y1:.3g}</text>')
    parts.append(f'<text x="4" y="{HEIGHT - PAD}" font-size="10">{y0:.3g}</text>')
    for i, (s, vals) in enumerate(pts):
        color = PALETTE[i % len(PALETTE)]
        path = " ".join(
            f"{'M' if j == 0 else 'L'}{sx(x):.1f},{sy(y):.1f}"
            for j, (x, y) in enumerate(zip(s.steps, vals))
            if math.isfinite(y)
        )
        parts.append(f'<path d="{path}" fill="none" stroke="{color}" stroke-width="1.5"/>')
        parts.append(
            f'<text x="{WIDTH - PAD + 4}" y="{PAD + 12 * i}" font-size="10" fill="{color}">'
            f"{html.escape(s.run)}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def table(series: list[Series]) -> str:
    rows = ["<tr><th>run</th><th>tag</th><th>steps</th><th>final</th><th>best</th></tr>"]
    for s in sorted(series, key=lambda s: (s.tag, s.run)):
        higher = not any(k in s.tag for k in ("loss", "error", "perplexity"))
        rows.append(
            f"<tr><td>{html.escape(s.run)}</td><td>{html.escape(s.tag)}</td><td>{s.steps[-1]}</td>"
            f"<td>{s.final:.4f}</td><td>{s.best(higher):.4f}</td></tr>"
        )
    return "<table>" + "".join(rows) + "</table>"


def stale_runs(series: list[Series], min_steps: int = 10) -> list[str]:
    """Runs that logged almost nothing are usually crashed jobs; list them separately."""
    short = {s.run for s in series if len(s.steps) < min_steps}
    return sorted(short)


def main(argv: list[str]) -> int:
    cli = ArgumentParser(prog="curves_report")
    cli.add_argument("--runs", default="*")
    cli.add_argument("--tags", default="train/loss,val/loss,val/f1")
    cli.add_argument("--smooth", type=float, default=0.6)
    opts = cli.parse_args(argv)

    tags = [t.strip() for t in opts.tags.split(",") if t.strip()]
    series = load_runs(opts.runs, tags)
    if not series:
        print("no matching scalar data under runs/", file=sys.stderr)
        return 1
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    body = "".join(f"<section>{svg_chart(series, t, opts.smooth)}</section>" for t in tags)
    page = (
        "<!doctype html><meta charset='utf-8'><title>quillmark curves</title>"
        "<style>body{font-family:sans-serif;margin:24px}td,th{padding:2px 8px;border-bottom:1px solid #ddd}</style>"
        f"<h1>Training curves</h1><p>{len({s.run for s in series})} runs, smoothing {opts.smooth}</p>"
        f"{body}<h2>Summary</h2>{table(series)}"
    )
    (OUT / "index.html").write_text(page, encoding="utf-8")
    print(f"report: {(OUT / 'index.html').relative_to(REPO)}")
    crashed = stale_runs(series)
    if crashed:
        print(f"runs with fewer than 10 logged steps (crashed?): {', '.join(crashed)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
