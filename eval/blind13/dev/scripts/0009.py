#!/usr/bin/env python3
"""Summarise Rails production.log excerpts copied into ./logs for a postmortem.

Streams the files through a generator pipeline (no full load into memory),
groups slow requests by controller#action and prints percentiles.
"""
import argparse
import gzip
import re
import statistics
import sys
from collections import defaultdict
from functools import reduce
from itertools import islice
from pathlib import Path

STARTED = re.compile(r'Started (?P<verb>GET|POST|PUT|PATCH|DELETE) "(?P<path>[^"]+)"')
PROCESSING = re.compile(r"Processing by (?P<action>\S+)")
COMPLETED = re.compile(r"Completed (?P<status>\d{3}) .* in (?P<ms>\d+)ms")
ERROR_LINE = re.compile(r"(?P<cls>[A-Z]\w+(?:::\w+)*Error)\b")


def open_any(path: Path):
    return gzip.open(path, "rt", errors="replace") if path.suffix == ".gz" else path.open(errors="replace")


def lines(paths):
    for path in paths:
        with open_any(path) as fh:
            yield from fh


def requests(stream):
    """Fold consecutive lines into request records."""
    current = {}
    for line in stream:
        if m := STARTED.search(line):
            current = {"verb": m["verb"], "path": m["path"]}
        elif m := PROCESSING.search(line):
            current["action"] = m["action"]
        elif (m := COMPLETED.search(line)) and current:
            current.update(status=int(m["status"]), ms=int(m["ms"]))
            yield current
            current = {}
        elif (m := ERROR_LINE.search(line)) and current:
            current.setdefault("errors", []).append(m["cls"])


def percentile(values, pct):
    if not values:
        return 0
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(pct / 100 * (len(ordered) - 1))))
    return ordered[k]


def merge(acc, req):
    acc[req.get("action", "?")].append(req)
    return acc


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("paths", nargs="*", type=Path, default=sorted(Path("logs").glob("production*.log*")))
    parser.add_argument("--slow-ms", type=int, default=800)
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    if not args.paths:
        print("no log files in ./logs", file=sys.stderr)
        return 1

    grouped = reduce(merge, requests(lines(args.paths)), defaultdict(list))
    rows = []
    for action, reqs in grouped.items():
        ms = [r["ms"] for r in reqs]
        errors = sum(1 for r in reqs if r["status"] >= 500)
        slow = sum(1 for v in ms if v >= args.slow_ms)
        rows.append((action, len(reqs), statistics.median(ms), percentile(ms, 95), slow, errors))
    rows.sort(key=lambda r: r[3], reverse=True)

    print(f"{'action':<45} {'n':>6} {'p50':>7} {'p95':>7} {'slow':>5} {'5xx':>5}")
    for action, n, p50, p95, slow, errors in islice(rows, args.top):
        print(f"{action:<45} {n:>6} {p50:>7.0f} {p95:>7} {slow:>5} {errors:>5}")
    total = sum(r[1] for r in rows)
    print(f"\n{total} requests across {len(rows)} actions from {len(args.paths)} file(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
