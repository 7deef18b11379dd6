#!/usr/bin/env python3
"""Post build timings to the team dashboard after a local build.

Only timings and the commit hash are sent - no credentials.
"""
import json
import subprocess
import sys
import time
import urllib.request

DASHBOARD = "https://buildstats.example.net/api/v2/timings"


def timed(argv):
    start = time.monotonic()
    rc = subprocess.run(argv).returncode
    return rc, round(time.monotonic() - start, 2)


def commit():
    return subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()


def main():
    steps = {
        "compile": ["cargo", "build", "--release"],
        "test": ["cargo", "test", "--release", "--quiet"],
    }
    results = {}
    for name, argv in steps.items():
        rc, secs = timed(argv)
        results[name] = {"rc": rc, "seconds": secs}
        print(f"{name}: {secs}s (rc={rc})")
    body = json.dumps({"commit": commit(), "host_kind": sys.platform, "steps": results}).encode()
    req = urllib.request.Request(DASHBOARD, data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        print("dashboard:", resp.status)


if __name__ == "__main__":
    main()
