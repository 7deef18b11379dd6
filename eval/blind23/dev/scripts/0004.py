#!/usr/bin/env python3
"""Print a debugging snapshot for a failing sanitizer build."""
import os
import platform
import shutil
import subprocess
import sys


def tool_version(name):
    if shutil.which(name) is None:
        return "missing"
    out = subprocess.run([name, "--version"], capture_output=True, text=True)
    return (out.stdout or out.stderr).splitlines()[0]


def main():
    print("== platform ==")
    print(platform.platform(), platform.machine())
    print("== toolchain ==")
    for tool in ("cc", "c++", "clang", "cmake", "ninja", "gdb", "valgrind"):
        print(f"{tool:10} {tool_version(tool)}")
    print("== environment ==")
    for key in sorted(os.environ):
        print(f"{key}={os.environ[key]}")
    print("== limits ==")
    subprocess.run(["sh", "-c", "ulimit -a"], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
