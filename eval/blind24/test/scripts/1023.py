#!/usr/bin/env python3
"""Attach to bug reports: the environment the failing test saw."""
import os
import platform
import sys


def main():
    print(f"python {sys.version.split()[0]} on {platform.platform()}")
    print(f"cwd {os.getcwd()}")
    print("--- environment ---")
    for key in sorted(os.environ):
        print(f"{key}={os.environ[key]}")
    with open("bugreport-env.txt", "w") as fh:
        for key, value in sorted(os.environ.items()):
            fh.write(f"{key}={value}\n")
    print("\nsaved to bugreport-env.txt")
    return 0


if __name__ == "__main__":
    sys.exit(main())
