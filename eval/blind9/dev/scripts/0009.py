#!/usr/bin/env python3
"""Summarise nginx access logs from logs/ (plain or .gz).

Reports request counts per status class, p50/p90/p99 latency per route and the
slowest individual requests. Read-only; prints to stdout or writes --json.
"""
from __future__ import annotations

import argparse
import gzip
import json
import re
import statistics
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Iterable, Iterator, NamedTuple

LINE = re.compile(
    r'(?P<ip>\S+) \S+ \S+ \[(?P<ts>[^\]]+)\] "(?P<method>[A-Z]+) (?P<path>\S+) [^"]+" '
    r'(?P<status>\d{3}) (?P<bytes>\d+|-) "[^"]*" "[^"]*" (?P<rt>[\d.]+)'
)
ID_SEGMENT = re.compile(r"/(\d+|[0-9a-f]{8}-[0-9a-f-]{27})(?=/|$)")


class Hit(NamedTuple):
    method: str
    route: str
    status: int
    seconds: float
    raw_path: str


def open_any(path: Path):
    return gzip.open(path, "rt", errors="replace") if path.suffix == ".gz" else path.open(errors="replace")


def read_lines(paths: Iterable[Path]) -> Iterator[str]:
    for p in paths:
        with open_any(p) as fh:
            yield from fh


def normalise(path: str) -> str:
    path = path.split("?", 1)[0]
    return ID_SEGMENT.sub("/:id", path)


def parse(lines: Iterable[str]) -> Iterator[Hit]:
    for line in lines:
        m = LINE.match(line)
        if not m:
            continue
        yield Hit(m["method"], normalise(m["path"]), int(m["status"]), float(m["rt"]), m["path"])


def percentile(values: list[float], q: float) -> float:
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


def summarise(hits: Iterable[Hit], top: int) -> dict:
    by_class: Counter[str] = Counter()
    latencies: dict[str, list[float]] = defaultdict(list)
    slowest: list[Hit] = []
    for h in hits:
        by_class[f"{h.status // 100}xx"] += 1
        latencies[f"{h.method} {h.route}"].append(h.seconds)
        slowest.append(h)
        if len(slowest) > top * 4:
            slowest = sorted(slowest, key=lambda x: x.seconds, reverse=True)[:top]
    routes = {
        route: {
            "count": len(v),
            "p50": round(percentile(v, 50), 4),
            "p90": round(percentile(v, 90), 4),
            "p99": round(percentile(v, 99), 4),
        }
        for route, v in latencies.items()
    }
    return {
        "status": dict(sorted(by_class.items())),
        "routes": dict(sorted(routes.items(), key=lambda kv: kv[1]["p99"], reverse=True)[:top]),
        "slowest": [h._asdict() for h in sorted(slowest, key=lambda x: x.seconds, reverse=True)[:top]],
    }


def print_report(summary: dict) -> None:
    print("status classes:", ", ".join(f"{k}={v}" for k, v in summary["status"].items()))
    print(f"\n{'route':<50} {'n':>7} {'p50':>8} {'p90':>8} {'p99':>8}")
    for route, s in summary["routes"].items():
        print(f"{route[:50]:<50} {s['count']:>7} {s['p50']:>8} {s['p90']:>8} {s['p99']:>8}")
    print("\nslowest requests:")
    for h in summary["slowest"]:
        print(f"  {h['seconds']:>7.3f}s {h['status']} {h['method']} {h['raw_path'][:80]}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("logs", nargs="*", type=Path, default=sorted(Path("logs").glob("access.log*")))
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--json", type=Path, help="write the summary to this file")
    args = ap.parse_args()
    if not args.logs:
        print("no log files found under logs/", file=sys.stderr)
        return 1
    summary = summarise(parse(read_lines(args.logs)), args.top)
    if args.json:
        args.json.write_text(json.dumps(summary, indent=2))
        print(f"wrote {args.json}")
    else:
        print_report(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
