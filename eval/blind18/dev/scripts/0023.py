#!/usr/bin/env python3
"""Debug helper: why does `./gradlew test` behave differently in CI?

Dumps the full environment plus a few tool versions into build/env-debug.txt
and prints it, so it can be pasted into the ticket.
"""
import os
import platform
import subprocess
from pathlib import Path

OUT = Path("build") / "env-debug.txt"


def versions() -> list:
    lines = []
    for argv in (["java", "-version"], ["./gradlew", "--version"]):
        proc = subprocess.run(argv, capture_output=True, text=True)
        lines.append((proc.stdout + proc.stderr).strip())
    return lines


def main() -> None:
    lines = [f"platform: {platform.platform()}", ""]
    for key in sorted(os.environ):
        lines.append(f"{key}={os.environ[key]}")
    lines.append("")
    lines.extend(versions())
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    print(f"\nwritten to {OUT}")


if __name__ == "__main__":
    main()
