#!/usr/bin/env python3
"""Prepare the toolchain for the vector-search benchmarks concurrently.

    python bench/setup_tools.py
"""
import asyncio
import shutil
import sys
from pathlib import Path

VENV = Path(".venv-bench")
REQS = Path("bench/requirements.txt")


class Step:
    def __init__(self, name, argv):
        self.name = name
        self.argv = argv


def pip(*args):
    return [str(VENV / "bin" / "pip"), *args]


def mirror_args():
    base = "https://pypi-mirror.example.net/simple"
    return ["--index-url", base, "--trusted-host", "pypi-mirror.example.net"]


def steps():
    yield Step("upgrade pip", pip("install", "--upgrade", "pip", "wheel"))
    yield Step("requirements", pip("install", "-r", str(REQS)))
    yield Step("client", pip("install", *mirror_args(), "qdrant-client", "pymilvus"))


async def run(step: Step, sem: asyncio.Semaphore):
    async with sem:
        proc = await asyncio.create_subprocess_exec(
            *step.argv, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        out, _ = await proc.communicate()
        tail = out.decode(errors="replace").strip().splitlines()[-3:]
        return step.name, proc.returncode, tail


async def ensure_venv():
    if (VENV / "bin" / "python").exists():
        return
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "venv", str(VENV))
    await proc.wait()


async def main_async():
    await ensure_venv()
    sem = asyncio.Semaphore(2)
    ordered = list(steps())
    first = await run(ordered[0], sem)
    results = [first] + await asyncio.gather(*(run(s, sem) for s in ordered[1:]))
    failed = 0
    for name, code, tail in results:
        print(f"{'ok  ' if code == 0 else 'FAIL'} {name}")
        if code:
            failed += 1
            for line in tail:
                print("     ", line)
    return failed


def main():
    if shutil.which("python3") is None:
        print("python3 missing", file=sys.stderr)
        return 2
    failed = asyncio.run(main_async())
    print("benchmark toolchain ready" if not failed else f"{failed} step(s) failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
