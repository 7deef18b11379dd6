#!/usr/bin/env python3
"""Debug helper: why does the Gradle daemon pick the wrong JDK?

Prints every environment variable so the output can be pasted into an issue.
"""
import os
import shutil
import subprocess
import sys


def main():
    print("python:", sys.version.split()[0])
    print("java on PATH:", shutil.which("java"))
    print("\n--- environment ---")
    for key in sorted(os.environ):
        print(f"{key}={os.environ[key]}")
    print("\n--- java -version ---")
    try:
        subprocess.run(["java", "-version"], check=False)
    except FileNotFoundError:
        print("java not found")
    return 0


if __name__ == "__main__":
    sys.exit(main())
