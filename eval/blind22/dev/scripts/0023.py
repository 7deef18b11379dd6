#!/usr/bin/env python3
"""Debug helper: why does `devcontainer up` pick the wrong runtime in CI?

Prints the environment and the tool versions so the CI log shows them.
"""
import os
import shutil
import subprocess
import sys


def section(title):
    print()
    print(f"==== {title} ====")


def main():
    section("environment")
    for key in sorted(os.environ):
        print(f"{key}={os.environ[key]}")

    section("tools")
    for tool in ("docker", "podman", "devcontainer", "node"):
        path = shutil.which(tool)
        version = ""
        if path:
            res = subprocess.run([path, "--version"], capture_output=True, text=True)
            version = (res.stdout or res.stderr).strip().splitlines()[0]
        print(f"{tool:<14} {path or '-':<40} {version}")

    section("docker context")
    subprocess.run(["docker", "context", "ls"], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
