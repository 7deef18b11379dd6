#!/usr/bin/env python3
"""Report pinned requirements that are behind the latest release on PyPI.

Queries pypi.org's JSON API in a thread pool and caches answers for an
hour under ~/.cache/depcheck/ so repeated runs are cheap.
"""
import concurrent.futures as cf
import json
import re
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

CACHE_DIR = Path.home() / ".cache" / "depcheck"
CACHE_TTL = 3600
PIN = re.compile(r"^([A-Za-z0-9_.\-\[\]]+)==([^\s;#]+)")


def parse_requirements(path: Path) -> dict[str, str]:
    pins = {}
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", "-")):
            continue
        match = PIN.match(line)
        if match:
            name = match.group(1).split("[")[0].lower()
            pins[name] = match.group(2)
    return pins


def cache_path(name: str) -> Path:
    return CACHE_DIR / f"{name}.json"


def latest_version(name: str) -> str | None:
    cached = cache_path(name)
    if cached.exists() and time.time() - cached.stat().st_mtime < CACHE_TTL:
        return json.loads(cached.read_text()).get("version")
    url = f"https://pypi.org/pypi/{name}/json"
    try:
        with urllib.request.urlopen(url, timeout=15) as resp:
            info = json.load(resp)["info"]
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            return None
        raise
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    cached.write_text(json.dumps({"version": info["version"], "fetched": time.time()}))
    return info["version"]


def version_key(v: str) -> tuple:
    parts = []
    for piece in re.split(r"[.\-+]", v):
        parts.append((0, int(piece)) if piece.isdigit() else (1, piece))
    return tuple(parts)


def main(argv: list[str]) -> int:
    req_file = Path(argv[1]) if len(argv) > 1 else Path("requirements.txt")
    pins = parse_requirements(req_file)
    if not pins:
        print(f"no pinned requirements in {req_file}")
        return 0
    outdated = []
    with cf.ThreadPoolExecutor(max_workers=8) as pool:
        futures = {pool.submit(latest_version, name): name for name in pins}
        for fut in cf.as_completed(futures):
            name = futures[fut]
            try:
                latest = fut.result()
            except Exception as exc:  # network hiccup: report and continue
                print(f"  ! {name}: {exc}", file=sys.stderr)
                continue
            if latest and version_key(latest) > version_key(pins[name]):
                outdated.append((name, pins[name], latest))
    width = max((len(n) for n, _, _ in outdated), default=10)
    for name, have, latest in sorted(outdated):
        print(f"{name:<{width}}  {have:>12} -> {latest}")
    print(f"{len(outdated)} of {len(pins)} pins are behind")
    return 1 if outdated else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
