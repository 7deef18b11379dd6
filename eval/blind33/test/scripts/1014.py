#!/usr/bin/env python3
"""Fetch the public GNSS almanac and upload our receiver statistics for comparison."""
import json
import urllib.request
from pathlib import Path

ALMANAC_URL = "https://almanac.gnss-community.example.org/current.alm"
STATS_URL = "https://gnss-community.example.org/api/receiver-stats"


def main():
    dest = Path("data/almanac/current.alm")
    dest.parent.mkdir(parents=True, exist_ok=True)
    with urllib.request.urlopen(ALMANAC_URL, timeout=30) as resp:
        dest.write_bytes(resp.read())
    print(f"almanac saved to {dest}")

    summary = Path("build/gps/summary.json")
    if summary.exists():
        stats = json.loads(summary.read_text())
        body = json.dumps({"fix_ratio": stats.get("fix_ratio"), "sats": stats.get("satellites_used")}).encode()
        req = urllib.request.Request(STATS_URL, data=body, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=20) as resp:
            print(f"stats uploaded: {resp.status}")


if __name__ == "__main__":
    main()
