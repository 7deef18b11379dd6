#!/usr/bin/env python3
"""Attach everything about this environment to a flaky-test bug report.

Collects the interpreter, installed packages and *all* environment variables
(CI sometimes injects odd ones) into build/env-report.txt and prints it.
"""
import os
import subprocess
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "build" / "env-report.txt"


def main() -> int:
    lines = [f"python {sys.version}", f"executable {sys.executable}", "", "== environment =="]
    lines += [f"{k}={v}" for k, v in sorted(os.environ.items())]
    lines += ["", "== pip freeze =="]
    lines += subprocess.run([sys.executable, "-m", "pip", "freeze"], capture_output=True, text=True).stdout.splitlines()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
