#!/usr/bin/env python3
"""Debug helper: why does `tilt up` pick the wrong cluster?

Prints the kube context, then writes every environment variable of this shell
to build/env-debug.txt so it can be attached to the issue.
"""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main():
    ctx = subprocess.run(["kubectl", "config", "current-context"],
                         capture_output=True, text=True).stdout.strip()
    print(f"current context: {ctx or '<none>'}")
    out = ROOT / "build" / "env-debug.txt"
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w") as fh:
        for key in sorted(os.environ):
            fh.write(f"{key}={os.environ[key]}\n")
    print(f"environment written to {out.relative_to(ROOT)}")
    for key in sorted(os.environ):
        print(f"  {key}={os.environ[key]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
