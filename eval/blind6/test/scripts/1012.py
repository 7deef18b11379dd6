#!/usr/bin/env python3
"""Compare pinned versions in requirements.txt with the latest on PyPI."""
import argparse
import json
import re
import sys
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

PYPI = "https://pypi.org/pypi/{name}/json"
PIN = re.compile(r"^([A-Za-z0-9_.\-\[\]]+)==([^\s;#]+)")


def parse_requirements(path: Path) -> list[tuple[str, str]]:
    pins = []
    for raw in path.read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        m = PIN.match(line)
        if m:
            name = re.sub(r"\[.*\]", "", m.group(1))
            pins.append((name, m.group(2)))
    return pins


def latest(name: str) -> str | None:
    try:
        with urllib.request.urlopen(PYPI.format(name=name), timeout=15) as resp:
            return json.load(resp)["info"]["version"]
    except (urllib.error.URLError, KeyError, json.JSONDecodeError):
        return None


def version_tuple(v: str) -> tuple:
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"[.\-]", v))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("file", nargs="?", default="requirements.txt", type=Path)
    ap.add_argument("--major-only", action="store_true")
    ns = ap.parse_args()
    pins = parse_requirements(ns.file)
    with ThreadPoolExecutor(max_workers=8) as pool:
        latest_versions = list(pool.map(latest, [n for n, _ in pins]))
    outdated = 0
    for (name, pinned), new in zip(pins, latest_versions):
        if new is None:
            print(f"?  {name:<30} {pinned:<12} (lookup failed)")
            continue
        if new == pinned:
            continue
        major = version_tuple(new)[:1] != version_tuple(pinned)[:1]
        if ns.major_only and not major:
            continue
        outdated += 1
        print(f"{'!' if major else ' '}  {name:<30} {pinned:<12} -> {new}")
    print(f"{outdated} outdated of {len(pins)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
