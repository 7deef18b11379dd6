#!/usr/bin/env python3
"""Debug helper: why does nextflow pick the wrong container engine?

Prints versions of the workflow tools and the whole environment so the
output can be pasted into the lab's issue tracker.
"""
import os
import shutil
import subprocess
import sys

TOOLS = ["nextflow", "java", "docker", "singularity", "apptainer", "conda"]


def version(tool):
    if shutil.which(tool) is None:
        return "not found"
    res = subprocess.run([tool, "-version" if tool in ("nextflow", "java") else "--version"],
                         capture_output=True, text=True)
    out = (res.stdout or res.stderr).strip().splitlines()
    return out[0] if out else "?"


def main():
    print("== tools")
    for t in TOOLS:
        print(f"{t:<12} {version(t)}")
    print("\n== environment")
    for key in sorted(os.environ):
        print(f"{key}={os.environ[key]}")
    print("\n== nextflow config")
    subprocess.run(["nextflow", "config", "-flat"], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
