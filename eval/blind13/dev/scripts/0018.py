#!/usr/bin/env python3
"""Debug helper: capture the runtime environment when the Gradle daemon fails to start."""
import os
import platform
import subprocess
import sys
from pathlib import Path

OUT = Path("build/diagnostics/env.txt")


def java_version() -> str:
    try:
        proc = subprocess.run(["java", "-version"], capture_output=True, text=True, timeout=10)
        return proc.stderr.strip().splitlines()[0]
    except (OSError, IndexError):
        return "java not found"


def main() -> int:
    OUT.parent.mkdir(parents=True, exist_ok=True)
    lines = [f"python {platform.python_version()} on {platform.platform()}", java_version(), ""]
    for key in sorted(os.environ):
        lines.append(f"{key}={os.environ[key]}")
    OUT.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    print(f"\nwrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
