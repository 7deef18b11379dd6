#!/usr/bin/env python3
"""Run the project's checks concurrently with asyncio subprocesses.

Each check is a fixed argument list; nothing is passed through a shell.
Output is buffered per check and printed in order once all are done.
"""
import asyncio
import sys
import time
from dataclasses import dataclass, field
from enum import Enum


class Status(Enum):
    PASSED = "passed"
    FAILED = "failed"
    TIMEOUT = "timeout"


@dataclass
class Check:
    name: str
    argv: list[str]
    timeout: float = 300.0
    status: Status | None = None
    output: str = ""
    seconds: float = 0.0
    env: dict[str, str] = field(default_factory=dict)


CHECKS = [
    Check("ruff", ["ruff", "check", "src", "tests"]),
    Check("format", ["ruff", "format", "--check", "src", "tests"]),
    Check("mypy", ["mypy", "src"], timeout=600),
    Check("pytest", ["pytest", "-q", "-x", "--no-header"], timeout=900),
]


async def run_check(check: Check, sem: asyncio.Semaphore) -> Check:
    async with sem:
        started = time.monotonic()
        proc = await asyncio.create_subprocess_exec(
            *check.argv,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        try:
            out, _ = await asyncio.wait_for(proc.communicate(), timeout=check.timeout)
            check.status = Status.PASSED if proc.returncode == 0 else Status.FAILED
            check.output = out.decode(errors="replace")
        except asyncio.TimeoutError:
            proc.kill()
            await proc.wait()
            check.status = Status.TIMEOUT
            check.output = f"killed after {check.timeout}s"
        check.seconds = time.monotonic() - started
        return check


def tail(text: str, lines: int = 30) -> str:
    parts = text.rstrip().splitlines()
    return "\n".join(parts[-lines:])


async def main(selected: list[str]) -> int:
    checks = [c for c in CHECKS if not selected or c.name in selected]
    if not checks:
        print(f"no checks match {selected}", file=sys.stderr)
        return 2
    sem = asyncio.Semaphore(3)
    results = await asyncio.gather(*(run_check(c, sem) for c in checks))
    failed = 0
    for check in results:
        mark = "ok " if check.status is Status.PASSED else "ERR"
        print(f"[{mark}] {check.name:<8} {check.seconds:6.1f}s")
        if check.status is not Status.PASSED:
            failed += 1
            print(tail(check.output))
            print("-" * 60)
    print(f"{len(results) - failed}/{len(results)} checks passed")
    return 1 if failed else 0


if __name__ == "__main__":
    try:
        sys.exit(asyncio.run(main(sys.argv[1:])))
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)
