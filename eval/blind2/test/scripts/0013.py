#!/usr/bin/env python3
"""Summarise nginx access logs: requests per status, slowest endpoints, top clients.

    python3 scripts/logstats.py logs/access.log logs/access.log.1.gz --top 15
"""
import argparse
import collections
import gzip
import re
import statistics
import sys
from pathlib import Path

LINE = re.compile(
    r'(?P<ip>\S+) \S+ \S+ \[(?P<ts>[^\]]+)\] "(?P<method>[A-Z]+) (?P<path>\S+) [^"]*" '
    r'(?P<status>\d{3}) (?P<bytes>\d+|-) "[^"]*" "(?P<ua>[^"]*)"(?: (?P<rt>[\d.]+))?'
)
ID_SEGMENT = re.compile(r"/\d+(?=/|$)")
UUID_SEGMENT = re.compile(r"/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def open_log(path: Path):
    if path.suffix == ".gz":
        return gzip.open(path, "rt", errors="replace")
    return open(path, errors="replace")


def route(path: str) -> str:
    path = path.split("?", 1)[0]
    path = UUID_SEGMENT.sub("/:uuid", path)
    return ID_SEGMENT.sub("/:id", path)


def parse(files):
    bad = 0
    for f in files:
        with open_log(f) as fh:
            for line in fh:
                m = LINE.match(line)
                if not m:
                    bad += 1
                    continue
                yield m.groupdict()
    if bad:
        print(f"skipped {bad} unparseable lines", file=sys.stderr)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--top", type=int, default=10)
    args = ap.parse_args()

    statuses = collections.Counter()
    clients = collections.Counter()
    latencies = collections.defaultdict(list)
    total = 0
    for rec in parse(args.files):
        total += 1
        statuses[rec["status"]] += 1
        clients[rec["ip"]] += 1
        if rec.get("rt"):
            latencies[f'{rec["method"]} {route(rec["path"])}'].append(float(rec["rt"]))

    print(f"{total} requests\n")
    print("status codes:")
    for code, n in sorted(statuses.items()):
        print(f"  {code}  {n:>8}  {100 * n / total:5.1f}%")

    print(f"\nslowest routes (p95, min 20 requests):")
    rows = []
    for r, vals in latencies.items():
        if len(vals) < 20:
            continue
        vals.sort()
        p95 = vals[int(0.95 * (len(vals) - 1))]
        rows.append((p95, statistics.median(vals), len(vals), r))
    for p95, med, n, r in sorted(rows, reverse=True)[: args.top]:
        print(f"  {p95 * 1000:8.1f} ms p95  {med * 1000:8.1f} ms p50  {n:>6}  {r}")

    print(f"\ntop clients:")
    for ip, n in clients.most_common(args.top):
        print(f"  {ip:<40} {n}")


if __name__ == "__main__":
    main()
