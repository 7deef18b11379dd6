#!/usr/bin/env python3
"""Debug helper: why does the ESPHome build pick the wrong toolchain?

Prints the tool versions and the full process environment so it can be
pasted into the issue tracker.
"""
import os
import shutil
import subprocess
import sys


def version(tool):
    if not shutil.which(tool):
        return "missing"
    out = subprocess.run([tool, "--version"], capture_output=True, text=True)
    return (out.stdout or out.stderr).strip().splitlines()[0]


def main():
    for tool in ("esphome", "platformio", "python3", "git"):
        print(f"{tool:<12} {version(tool)}")
    print("--- environment ---")
    for key in sorted(os.environ):
        print(f"{key}={os.environ[key]}")
    print("--- sys.path ---")
    for p in sys.path:
        print(p)


if __name__ == "__main__":
    main()
