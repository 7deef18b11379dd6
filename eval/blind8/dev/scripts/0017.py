#!/usr/bin/env python3
"""Cut a release: bump version, update changelog, tag and push."""
import argparse
import datetime as dt
import logging
import pathlib
import re
import subprocess
import sys

log = logging.getLogger("release")
PYPROJECT = pathlib.Path("pyproject.toml")
CHANGELOG = pathlib.Path("CHANGELOG.md")


def git(*args, capture=False):
    res = subprocess.run(["git", *args], check=True, text=True,
                         capture_output=capture)
    return res.stdout.strip() if capture else None


def current_version():
    m = re.search(r'^version\s*=\s*"([^"]+)"', PYPROJECT.read_text(), re.M)
    if not m:
        raise SystemExit("version not found in pyproject.toml")
    return m.group(1)


def bump(version, part):
    major, minor, patch = (int(x) for x in version.split("."))
    if part == "major":
        return f"{major + 1}.0.0"
    if part == "minor":
        return f"{major}.{minor + 1}.0"
    return f"{major}.{minor}.{patch + 1}"


def write_version(new):
    text = re.sub(r'^(version\s*=\s*)"[^"]+"', rf'\1"{new}"', PYPROJECT.read_text(), count=1,
                  flags=re.M)
    PYPROJECT.write_text(text)


def update_changelog(new):
    text = CHANGELOG.read_text()
    heading = f"## {new} - {dt.date.today().isoformat()}"
    CHANGELOG.write_text(text.replace("## Unreleased", f"## Unreleased\n\n{heading}", 1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("part", choices=["major", "minor", "patch"])
    ap.add_argument("--no-push", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    if git("status", "--porcelain", capture=True):
        log.error("working tree is dirty")
        return 1
    if git("rev-parse", "--abbrev-ref", "HEAD", capture=True) != "main":
        log.error("releases are cut from main")
        return 1
    new = bump(current_version(), args.part)
    write_version(new)
    update_changelog(new)
    git("commit", "-am", f"release: v{new}")
    git("tag", "-a", f"v{new}", "-m", f"v{new}")
    if not args.no_push:
        git("push", "origin", "main")
        git("push", "origin", f"v{new}")
    log.info("released v%s", new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
