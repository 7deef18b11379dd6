#!/usr/bin/env python3
"""Debug helper: why does the app pick the wrong settings in CI?

Prints everything the process can see so we can compare a local run and a CI run.
"""
import os
import platform
import sys
from pathlib import Path


def section(title):
    print(f"\n===== {title} =====")


def main():
    section("interpreter")
    print(sys.executable, sys.version)
    print(platform.platform())

    section("environment")
    for key in sorted(os.environ):
        print(f"{key}={os.environ[key]}")

    section("dotenv files")
    for name in (".env", ".env.local", "config/.env.ci"):
        p = Path(name)
        if p.exists():
            print(f"--- {name}")
            print(p.read_text())

    section("sys.path")
    for entry in sys.path:
        print(entry)

    out = Path("debug-env.txt")
    with out.open("w") as fh:
        for key in sorted(os.environ):
            fh.write(f"{key}={os.environ[key]}\n")
    print(f"\nalso saved to {out.resolve()}")


if __name__ == "__main__":
    main()
