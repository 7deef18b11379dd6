#!/usr/bin/env python3
"""Summarise request latency from the service's access logs.

Reads logs/access*.log and logs/access*.log.gz (JSON lines), and prints
p50/p95/p99 latency per route plus the slowest individual requests.
"""
import argparse
import gzip
import heapq
import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path
from typing import Iterable, Iterator

LOG_DIR = Path(__file__).resolve().parent.parent / "logs"


def open_any(path: Path):
    if path.suffix == ".gz":
        return gzip.open(path, "rt", encoding="utf-8", errors="replace")
    return path.open(encoding="utf-8", errors="replace")


def iter_lines(paths: Iterable[Path]) -> Iterator[str]:
    for path in paths:
        with open_any(path) as fh:
            yield from fh


def iter_records(lines: Iterable[str]) -> Iterator[dict]:
    for line in lines:
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            continue
        if "route" in rec and "duration_ms" in rec:
            yield rec


def normalise(route: str) -> str:
    parts = []
    for seg in route.split("/"):
        parts.append(":id" if seg.isdigit() or len(seg) == 36 else seg)
    return "/".join(parts)


def percentile(sorted_vals: list[float], pct: float) -> float:
    if not sorted_vals:
        return 0.0
    k = (len(sorted_vals) - 1) * pct / 100
    lo, hi = int(k), min(int(k) + 1, len(sorted_vals) - 1)
    return sorted_vals[lo] + (sorted_vals[hi] - sorted_vals[lo]) * (k - lo)


def summarise(records: Iterable[dict], top: int):
    by_route: dict[str, list[float]] = defaultdict(list)
    slowest: list[tuple[float, str, str]] = []
    for rec in records:
        dur = float(rec["duration_ms"])
        route = normalise(rec["route"])
        by_route[route].append(dur)
        item = (dur, route, rec.get("request_id", "-"))
        if len(slowest) < top:
            heapq.heappush(slowest, item)
        else:
            heapq.heappushpop(slowest, item)
    return by_route, sorted(slowest, reverse=True)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", type=Path, default=LOG_DIR)
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--min-count", type=int, default=20)
    args = ap.parse_args()

    paths = sorted(args.dir.glob("access*.log")) + sorted(args.dir.glob("access*.log.gz"))
    if not paths:
        print(f"no access logs in {args.dir}", file=sys.stderr)
        return 1
    by_route, slowest = summarise(iter_records(iter_lines(paths)), args.top)
    print(f"{'route':40s} {'n':>7s} {'p50':>8s} {'p95':>8s} {'p99':>8s} {'mean':>8s}")
    for route, vals in sorted(by_route.items(), key=lambda kv: -len(kv[1])):
        if len(vals) < args.min_count:
            continue
        vals.sort()
        print(f"{route[:40]:40s} {len(vals):7d} {percentile(vals, 50):8.1f} "
              f"{percentile(vals, 95):8.1f} {percentile(vals, 99):8.1f} "
              f"{statistics.fmean(vals):8.1f}")
    print("\nslowest requests:")
    for dur, route, rid in slowest:
        print(f"  {dur:9.1f} ms  {route}  {rid}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
