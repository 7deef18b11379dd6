#!/usr/bin/env python3
"""Rebuild the wheel and sdist from scratch and check them with twine."""
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
BUILD = ROOT / "build"


def run(*args: str) -> None:
    print("+", " ".join(args))
    subprocess.run(list(args), cwd=ROOT, check=True)


def clean() -> None:
    for d in (DIST, BUILD):
        if d.exists():
            shutil.rmtree(d)
    for egg in ROOT.glob("src/*.egg-info"):
        shutil.rmtree(egg)
    for cache in ROOT.rglob("__pycache__"):
        shutil.rmtree(cache, ignore_errors=True)


def main() -> int:
    clean()
    run(sys.executable, "-m", "build", "--sdist", "--wheel", "--outdir", str(DIST))
    artifacts = sorted(DIST.iterdir())
    if not artifacts:
        print("no artifacts produced", file=sys.stderr)
        return 1
    run(sys.executable, "-m", "twine", "check", *map(str, artifacts))
    for a in artifacts:
        print(f"{a.name:60s} {a.stat().st_size / 1024:8.1f} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
