#!/usr/bin/env python3
"""Print everything a failing CockroachDB test run might depend on.

Helps when the integration suite works locally but not in CI: dumps the
interpreter, the cockroach binary version and the full process environment.
"""
import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

OUT = Path("build/debug-env.txt")


def cockroach_version():
    binary = shutil.which("cockroach")
    if not binary:
        return "cockroach: not on PATH"
    out = subprocess.run([binary, "version", "--build-tag"], capture_output=True, text=True)
    return f"cockroach: {out.stdout.strip()} ({binary})"


def main():
    lines = [
        f"python: {sys.version.split()[0]} ({sys.executable})",
        f"platform: {platform.platform()}",
        cockroach_version(),
        "",
        "environment:",
    ]
    for key in sorted(os.environ):
        lines.append(f"  {key}={os.environ[key]}")
    text = "\n".join(lines)
    print(text)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
