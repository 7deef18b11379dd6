#!/usr/bin/env python3
"""Which pinned dependencies in requirements/*.txt are behind PyPI?

Queries the public JSON API at https://pypi.org/pypi/<name>/json (no auth),
caches answers for an hour in .cache/pypi/, and prints a table sorted by how
far behind each pin is. Optionally writes the table as Markdown.
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import json
import re
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from packaging.version import InvalidVersion, Version

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / ".cache" / "pypi"
PIN = re.compile(r"^\s*([A-Za-z0-9_.\-]+)(?:\[[^\]]*\])?\s*==\s*([^\s;#]+)")
TTL = 3600


def pins(files: list[Path]) -> dict[str, str]:
    found: dict[str, str] = {}
    for f in files:
        for line in f.read_text().splitlines():
            m = PIN.match(line)
            if m:
                found[m.group(1).lower()] = m.group(2)
    return found


def cached_json(name: str) -> dict | None:
    path = CACHE / f"{name}.json"
    if path.exists() and time.time() - path.stat().st_mtime < TTL:
        return json.loads(path.read_text())
    return None


def fetch(name: str) -> dict:
    hit = cached_json(name)
    if hit is not None:
        return hit
    url = f"https://pypi.org/pypi/{name}/json"
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=25) as resp:
        data = json.load(resp)
    slim = {"version": data["info"]["version"], "releases": sorted(data["releases"])}
    CACHE.mkdir(parents=True, exist_ok=True)
    (CACHE / f"{name}.json").write_text(json.dumps(slim))
    return slim


def distance(pinned: str, releases: list[str]) -> int:
    try:
        p = Version(pinned)
    except InvalidVersion:
        return -1
    newer = []
    for r in releases:
        try:
            v = Version(r)
        except InvalidVersion:
            continue
        if v > p and not v.is_prerelease:
            newer.append(v)
    return len(newer)


def check(name: str, pinned: str) -> tuple[str, str, str, int] | None:
    try:
        info = fetch(name)
    except urllib.error.HTTPError as exc:
        print(f"  {name}: HTTP {exc.code}", file=sys.stderr)
        return None
    latest = info["version"]
    if latest == pinned:
        return None
    return name, pinned, latest, distance(pinned, info["releases"])


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="*", type=Path, default=sorted((ROOT / "requirements").glob("*.txt")))
    ap.add_argument("--markdown", type=Path)
    ap.add_argument("--workers", type=int, default=8)
    args = ap.parse_args()

    wanted = pins(args.files)
    with cf.ThreadPoolExecutor(max_workers=args.workers) as pool:
        results = [r for r in pool.map(lambda kv: check(*kv), wanted.items()) if r]
    results.sort(key=lambda r: r[3], reverse=True)

    header = f"{'package':<30} {'pinned':<12} {'latest':<12} behind"
    print(header)
    print("-" * len(header))
    for name, pinned, latest, behind in results:
        print(f"{name:<30} {pinned:<12} {latest:<12} {behind}")
    print(f"\n{len(results)} of {len(wanted)} pins are outdated")

    if args.markdown:
        rows = ["| package | pinned | latest | releases behind |", "|---|---|---|---:|"]
        rows += [f"| {n} | {p} | {l} | {b} |" for n, p, l, b in results]
        args.markdown.write_text("\n".join(rows) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
