#!/usr/bin/env python3
"""Run each service's test suite in the monorepo concurrently.

Discovers services/*/pyproject.toml, starts `python -m pytest` in each
service directory with asyncio.create_subprocess_exec (no shell), streams
prefixed output lines, and reports a summary.
"""
import asyncio
import os
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COLORS = ["\033[36m", "\033[35m", "\033[33m", "\033[32m", "\033[34m"]
RESET = "\033[0m"


@dataclass
class Suite:
    name: str
    cwd: Path
    color: str
    returncode: int | None = None
    lines: int = 0


def discover() -> list[Suite]:
    suites = []
    for i, pyproject in enumerate(sorted(ROOT.glob("services/*/pyproject.toml"))):
        cwd = pyproject.parent
        if (cwd / "tests").is_dir():
            suites.append(Suite(cwd.name, cwd, COLORS[i % len(COLORS)]))
    return suites


async def pump(stream: asyncio.StreamReader, suite: Suite, quiet: bool) -> None:
    while line := await stream.readline():
        suite.lines += 1
        if not quiet:
            text = line.decode(errors="replace").rstrip()
            print(f"{suite.color}{suite.name:>12}{RESET} | {text}")


async def run_suite(suite: Suite, limit: asyncio.Semaphore, quiet: bool) -> Suite:
    async with limit:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "pytest", "-q", "--color=no", "tests",
            cwd=suite.cwd, env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
        )
        await pump(proc.stdout, suite, quiet)
        suite.returncode = await proc.wait()
        return suite


async def main(argv: list[str]) -> int:
    quiet = "--quiet" in argv
    only = [a for a in argv if not a.startswith("--")]
    suites = [s for s in discover() if not only or s.name in only]
    if not suites:
        print("no service test suites found")
        return 0
    limit = asyncio.Semaphore(max(1, (os.cpu_count() or 2) // 2))
    results = await asyncio.gather(*(run_suite(s, limit, quiet) for s in suites))
    print()
    failed = [s for s in results if s.returncode != 0]
    for s in results:
        status = "ok" if s.returncode == 0 else f"exit {s.returncode}"
        print(f"{s.name:<20} {status:<8} ({s.lines} lines of output)")
    if failed:
        print(f"{len(failed)} suite(s) failed: {', '.join(s.name for s in failed)}")
        return 1
    print(f"all {len(results)} suites passed")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(asyncio.run(main(sys.argv[1:])))
    except KeyboardInterrupt:
        sys.exit(130)
