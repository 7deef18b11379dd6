#!/usr/bin/env python3
"""Run tests only for workspace packages touched since a base ref.

Walks packages/*/package.json, maps changed files (git diff --name-only) to
packages, adds reverse dependants, and runs `npm test` in each affected
package concurrently with a bounded semaphore.
"""
import argparse
import asyncio
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ROOT / "packages"


def load_packages() -> dict[str, dict]:
    pkgs = {}
    for manifest in sorted(PACKAGES.glob("*/package.json")):
        data = json.loads(manifest.read_text(encoding="utf-8"))
        deps = {**data.get("dependencies", {}), **data.get("devDependencies", {})}
        pkgs[data["name"]] = {"dir": manifest.parent, "deps": set(deps), "scripts": data.get("scripts", {})}
    return pkgs


def changed_files(base: str) -> list[str]:
    out = subprocess.run(
        ["git", "diff", "--name-only", f"{base}...HEAD"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )
    return [line for line in out.stdout.splitlines() if line]


def affected(pkgs: dict[str, dict], files: list[str]) -> set[str]:
    direct = set()
    for name, info in pkgs.items():
        rel = info["dir"].relative_to(ROOT).as_posix() + "/"
        if any(f.startswith(rel) for f in files):
            direct.add(name)
    result = set(direct)
    frontier = list(direct)
    while frontier:
        current = frontier.pop()
        for name, info in pkgs.items():
            if current in info["deps"] and name not in result:
                result.add(name)
                frontier.append(name)
    return result


async def run_tests(name: str, info: dict, sem: asyncio.Semaphore) -> tuple[str, int, str]:
    if "test" not in info["scripts"]:
        return name, 0, "no test script"
    async with sem:
        proc = await asyncio.create_subprocess_exec(
            "npm", "test", "--silent",
            cwd=info["dir"],
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        out, _ = await proc.communicate()
    return name, proc.returncode, out.decode(errors="replace")[-4000:]


async def main_async(ns) -> int:
    pkgs = load_packages()
    files = changed_files(ns.base)
    targets = sorted(affected(pkgs, files)) if not ns.all else sorted(pkgs)
    if not targets:
        print("nothing affected")
        return 0
    print("testing:", ", ".join(targets))
    sem = asyncio.Semaphore(ns.jobs)
    results = await asyncio.gather(*(run_tests(t, pkgs[t], sem) for t in targets))
    failed = 0
    for name, code, tail in results:
        status = "ok" if code == 0 else f"FAILED ({code})"
        print(f"== {name}: {status}")
        if code != 0:
            failed += 1
            print(tail)
    return 1 if failed else 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default="origin/main")
    ap.add_argument("--jobs", type=int, default=4)
    ap.add_argument("--all", action="store_true")
    return asyncio.run(main_async(ap.parse_args()))


if __name__ == "__main__":
    sys.exit(main())
