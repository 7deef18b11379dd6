#!/usr/bin/env python3
"""Collect debugging info when an OpenFOAM case fails on the CI runner."""
import json
import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

CASE = Path(sys.argv[1] if len(sys.argv) > 1 else "cases/pipe")
OUT = Path("logs") / "debug"


def tool_versions():
    versions = {}
    for tool in ("blockMesh", "simpleFoam", "mpirun", "gmsh"):
        path = shutil.which(tool)
        versions[tool] = path or "missing"
    try:
        versions["mpirun --version"] = subprocess.run(
            ["mpirun", "--version"], capture_output=True, text=True, timeout=10
        ).stdout.splitlines()[0]
    except (OSError, IndexError, subprocess.TimeoutExpired):
        pass
    return versions


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    info = {
        "case": str(CASE),
        "python": sys.version,
        "platform": platform.platform(),
        "tools": tool_versions(),
        "environment": dict(os.environ),
    }
    (OUT / "debug.json").write_text(json.dumps(info, indent=2, sort_keys=True))
    for key, value in sorted(os.environ.items()):
        print(f"{key}={value}")
    logs = sorted(CASE.glob("log.*"))
    for log in logs:
        print(f"--- {log} (last 20 lines)")
        print("\n".join(log.read_text(errors="replace").splitlines()[-20:]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
