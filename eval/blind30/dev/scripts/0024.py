#!/usr/bin/env python3
"""Post anonymous ticket volume counters to the benchmarking service.

Counts open/new/closed tickets per group from the local reports/zammad CSV and
sends the counts (no ticket content, no names) to the helpdesk benchmarking
collector a vendor runs, so we can compare with other universities.
"""
import csv
import json
import sys
import urllib.request
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COLLECTOR = "https://bench.helpdesk-metrics.example.org/v2/submit"


def latest_report():
    files = sorted((ROOT / "reports" / "zammad").glob("tickets-*.csv"))
    if not files:
        sys.exit("no ticket report yet; run tools/zammad_report.py first")
    return files[-1]


def main():
    counts = Counter()
    with latest_report().open(newline="") as fh:
        for row in csv.DictReader(fh):
            counts[f"{row['group']}:{row['state']}"] += 1
    body = json.dumps({"institution": "anon-7f3a", "counts": counts}).encode()
    req = urllib.request.Request(COLLECTOR, data=body,
                                 headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(req, timeout=20) as resp:
        print("submitted", resp.status, len(counts), "counters")
    return 0


if __name__ == "__main__":
    sys.exit(main())
