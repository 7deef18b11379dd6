#!/usr/bin/env python3
"""Bump the package version, commit, tag, and push the current branch.

Pushes only to `origin`, only the branch that is checked out, and only
after the working tree is clean and tests pass.
"""
import argparse
import re
import subprocess
import sys
from enum import Enum
from pathlib import Path

VERSION_FILE = Path("src/acme/__init__.py")
VERSION_RE = re.compile(r'^__version__ = "(\d+)\.(\d+)\.(\d+)"$', re.M)


class Bump(Enum):
    MAJOR = "major"
    MINOR = "minor"
    PATCH = "patch"

    def apply(self, major: int, minor: int, patch: int) -> tuple[int, int, int]:
        if self is Bump.MAJOR:
            return major + 1, 0, 0
        if self is Bump.MINOR:
            return major, minor + 1, 0
        return major, minor, patch + 1


def git(*args: str, capture: bool = False) -> str:
    result = subprocess.run(["git", *args], check=True, text=True,
                            capture_output=capture)
    return result.stdout.strip() if capture else ""


def ensure_clean() -> None:
    if git("status", "--porcelain", capture=True):
        raise SystemExit("working tree is not clean; commit or stash first")


def current_branch() -> str:
    branch = git("rev-parse", "--abbrev-ref", "HEAD", capture=True)
    if branch == "HEAD":
        raise SystemExit("detached HEAD; check out a branch first")
    return branch


def bump_file(kind: Bump) -> str:
    text = VERSION_FILE.read_text()
    match = VERSION_RE.search(text)
    if not match:
        raise SystemExit(f"no __version__ in {VERSION_FILE}")
    new = ".".join(map(str, kind.apply(*map(int, match.groups()))))
    VERSION_FILE.write_text(VERSION_RE.sub(f'__version__ = "{new}"', text, count=1))
    return new


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("kind", choices=[b.value for b in Bump])
    parser.add_argument("--no-push", action="store_true")
    parser.add_argument("--skip-tests", action="store_true")
    args = parser.parse_args()

    ensure_clean()
    branch = current_branch()
    if not args.skip_tests:
        subprocess.run([sys.executable, "-m", "pytest", "-q"], check=True)
    new = bump_file(Bump(args.kind))
    tag = f"v{new}"
    git("add", str(VERSION_FILE))
    git("commit", "-m", f"chore(release): {tag}")
    git("tag", "-a", tag, "-m", f"Release {tag}")
    print(f"tagged {tag} on {branch}")
    if args.no_push:
        print("skipping push (--no-push)")
        return 0
    git("push", "origin", branch)
    git("push", "origin", tag)
    print(f"pushed {branch} and {tag} to origin")
    return 0


if __name__ == "__main__":
    sys.exit(main())
