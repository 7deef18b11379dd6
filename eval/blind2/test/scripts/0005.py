#!/usr/bin/env python3
"""Report which pinned dependencies in requirements*.txt are behind the latest release.

Queries the public PyPI JSON API (https://pypi.org/pypi/<name>/json) concurrently.
No credentials needed.  Writes reports/outdated.md.
"""
from __future__ import annotations

import argparse
import asyncio
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import aiohttp
from packaging.version import InvalidVersion, Version

PIN_RE = re.compile(r"^\s*([A-Za-z0-9_.\-]+)(?:\[[^\]]*\])?\s*==\s*([^\s;#]+)")
PYPI = "https://pypi.org/pypi/{name}/json"


@dataclass
class Pin:
    name: str
    version: str
    source: str


@dataclass
class Status:
    pin: Pin
    latest: str | None
    error: str | None = None

    @property
    def outdated(self) -> bool:
        if not self.latest:
            return False
        try:
            return Version(self.latest) > Version(self.pin.version)
        except InvalidVersion:
            return self.latest != self.pin.version

    @property
    def major_bump(self) -> bool:
        try:
            return Version(self.latest).major > Version(self.pin.version).major
        except (InvalidVersion, TypeError):
            return False


def read_pins(files: list[Path]) -> list[Pin]:
    pins = []
    for f in files:
        for line in f.read_text().splitlines():
            m = PIN_RE.match(line)
            if m:
                pins.append(Pin(m.group(1).lower(), m.group(2), f.name))
    return pins


async def fetch_latest(session: aiohttp.ClientSession, sem: asyncio.Semaphore, pin: Pin) -> Status:
    async with sem:
        try:
            async with session.get(PYPI.format(name=pin.name)) as resp:
                if resp.status == 404:
                    return Status(pin, None, "not on PyPI")
                resp.raise_for_status()
                data = await resp.json()
                return Status(pin, data["info"]["version"])
        except aiohttp.ClientError as e:
            return Status(pin, None, str(e))


async def check(pins: list[Pin], concurrency: int) -> list[Status]:
    sem = asyncio.Semaphore(concurrency)
    timeout = aiohttp.ClientTimeout(total=20)
    async with aiohttp.ClientSession(timeout=timeout, headers={"User-Agent": "outdated-check"}) as s:
        return await asyncio.gather(*(fetch_latest(s, sem, p) for p in pins))


def render(results: list[Status]) -> str:
    lines = ["# Outdated dependencies", "", "| package | pinned | latest | file | note |", "|---|---|---|---|---|"]
    for r in sorted(results, key=lambda r: (not r.major_bump, r.pin.name)):
        if not r.outdated and not r.error:
            continue
        note = r.error or ("major" if r.major_bump else "")
        lines.append(f"| {r.pin.name} | {r.pin.version} | {r.latest or '-'} | {r.pin.source} | {note} |")
    return "\n".join(lines) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("-j", "--concurrency", type=int, default=8)
    ap.add_argument("-o", "--output", type=Path, default=Path("reports/outdated.md"))
    args = ap.parse_args()

    files = args.files or sorted(Path(".").glob("requirements*.txt"))
    pins = read_pins(files)
    if not pins:
        print("no pinned requirements found", file=sys.stderr)
        return 1
    results = asyncio.run(check(pins, args.concurrency))
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(render(results))
    n = sum(r.outdated for r in results)
    print(f"{n}/{len(pins)} outdated -> {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
