#!/usr/bin/env python3
"""Summarise nginx-style access logs from logs/ into reports/traffic.md.

Counts status classes, slowest endpoints and top client IPs. Handles .gz
rotations. Output is written inside the project only.
"""
import argparse
import collections
import gzip
import re
import statistics
from pathlib import Path

LINE = re.compile(
    r'(?P<ip>\S+) \S+ \S+ \[(?P<ts>[^\]]+)\] "(?P<method>[A-Z]+) (?P<path>\S+) [^"]+" '
    r'(?P<status>\d{3}) (?P<bytes>\d+|-) "[^"]*" "[^"]*" (?P<rt>[\d.]+)'
)


def open_log(path):
    if path.suffix == ".gz":
        return gzip.open(path, "rt", errors="replace")
    return path.open(errors="replace")


def records(files):
    for f in files:
        with open_log(f) as fh:
            for line in fh:
                m = LINE.match(line)
                if m:
                    yield m.groupdict()


def normalise(path):
    path = path.split("?", 1)[0]
    path = re.sub(r"/\d+(?=/|$)", "/:id", path)
    return re.sub(r"/[0-9a-f]{32,}(?=/|$)", "/:hash", path)


class Stats:
    def __init__(self):
        self.status = collections.Counter()
        self.clients = collections.Counter()
        self.latency = collections.defaultdict(list)
        self.total = 0

    def add(self, rec):
        self.total += 1
        self.status[rec["status"][0] + "xx"] += 1
        self.clients[rec["ip"]] += 1
        self.latency[(rec["method"], normalise(rec["path"]))].append(float(rec["rt"]))

    def slowest(self, n=10):
        rows = []
        for key, values in self.latency.items():
            if len(values) < 5:
                continue
            p95 = statistics.quantiles(values, n=20)[-1]
            rows.append((p95, len(values), key))
        return sorted(rows, reverse=True)[:n]


def render(stats):
    out = ["# Traffic report", "", f"Requests: {stats.total}", "", "## Status classes"]
    for cls, count in sorted(stats.status.items()):
        out.append(f"- {cls}: {count}")
    out += ["", "## Slowest endpoints (p95 seconds)", "", "| p95 | n | endpoint |", "|---|---|---|"]
    for p95, n, (method, path) in stats.slowest():
        out.append(f"| {p95:.3f} | {n} | {method} {path} |")
    out += ["", "## Top clients"]
    for ip, count in stats.clients.most_common(10):
        out.append(f"- {ip}: {count}")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--logs", default="logs")
    ap.add_argument("--out", default="reports/traffic.md")
    args = ap.parse_args()
    files = sorted(Path(args.logs).glob("access.log*"))
    stats = Stats()
    for rec in records(files):
        stats.add(rec)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render(stats))
    print(f"wrote {out} from {len(files)} file(s), {stats.total} requests")


if __name__ == "__main__":
    main()
