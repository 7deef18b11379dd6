#!/usr/bin/env python3
"""Check which of our pinned dependencies have newer releases."""
import argparse
import json
import logging
import re
import urllib.error
import urllib.request

log = logging.getLogger("depcheck")

MIRROR = "https://pkgindex.example.org/api/latest/{name}"


def read_pins(path):
    pins = {}
    with open(path) as fh:
        for line in fh:
            m = re.match(r"^([A-Za-z0-9_.\-]+)==([^\s;#]+)", line.strip())
            if m:
                pins[m.group(1).lower()] = m.group(2)
    return pins


def latest(name):
    url = MIRROR.format(name=name)
    try:
        with urllib.request.urlopen(url, timeout=8) as resp:
            return json.load(resp).get("version")
    except (urllib.error.URLError, ValueError) as exc:
        log.debug("lookup %s failed: %s", name, exc)
        return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--requirements", default="requirements.txt")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    pins = read_pins(args.requirements)
    report = []
    for name, pinned in sorted(pins.items()):
        new = latest(name)
        if new and new != pinned:
            report.append({"name": name, "pinned": pinned, "latest": new})
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for r in report:
            print(f"{r['name']:30} {r['pinned']:>12} -> {r['latest']}")
    log.info("%d of %d pins outdated", len(report), len(pins))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
