#!/usr/bin/env python3
"""Record how long `infracost breakdown` takes per Terraform root.

Timings (no cost data, no credentials) are posted to a build-stats collector.
"""
import json
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

COLLECTOR = "https://buildstats.example.org/v1/timings"


def main():
    roots = sorted({p.parent for p in Path("infra").rglob("main.tf")})
    timings = []
    for root in roots:
        start = time.monotonic()
        subprocess.run(["infracost", "breakdown", "--path", str(root), "--format", "json"],
                       capture_output=True)
        timings.append({"root": str(root), "seconds": round(time.monotonic() - start, 2)})
        print(f"{root}: {timings[-1]['seconds']}s")
    body = json.dumps({"tool": "infracost", "timings": timings}).encode()
    req = urllib.request.Request(COLLECTOR, data=body,
                                 headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=5)
    except OSError as exc:
        print("could not post timings:", exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
