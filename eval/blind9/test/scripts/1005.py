#!/usr/bin/env python3
"""Release driver: collect towncrier fragments, bump, tag, push, publish.

Steps (each one printed before it runs):
  1. verify the tree is clean and on main
  2. compute the next version from --bump
  3. towncrier build (consumes newsfragments/ into CHANGES.rst)
  4. commit, annotated tag vX.Y.Z, push branch and tag
  5. uv build + uv publish (token from UV_PUBLISH_TOKEN, to PyPI)
  6. gh release create with the built dists attached
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VERSION_FILE = ROOT / "src" / "app" / "__about__.py"
VERSION_PATTERN = re.compile(r'__version__\s*=\s*"(?P<v>\d+\.\d+\.\d+)"')


class Step:
    dry_run = False
    counter = 0

    def __init__(self, title: str) -> None:
        Step.counter += 1
        self.title = f"[{Step.counter}] {title}"

    def __enter__(self) -> "Step":
        print(self.title)
        return self

    def __exit__(self, exc_type, exc, tb) -> bool:
        if exc_type is subprocess.CalledProcessError:
            print(f"    failed: {exc}", file=sys.stderr)
        return False

    def run(self, *argv: str, mutate: bool = True) -> str:
        print("    $ " + " ".join(argv))
        if mutate and Step.dry_run:
            return ""
        return subprocess.run(argv, cwd=ROOT, check=True, text=True, capture_output=True).stdout


def read_version() -> str:
    m = VERSION_PATTERN.search(VERSION_FILE.read_text())
    if not m:
        raise SystemExit("cannot find __version__")
    return m.group("v")


def next_version(current: str, bump: str) -> str:
    major, minor, patch = map(int, current.split("."))
    return {
        "major": f"{major + 1}.0.0",
        "minor": f"{major}.{minor + 1}.0",
        "patch": f"{major}.{minor}.{patch + 1}",
    }[bump]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bump", choices=("major", "minor", "patch"), default="patch")
    ap.add_argument("--dry-run", action="store_true", help="print mutating steps without running them")
    args = ap.parse_args()
    Step.dry_run = args.dry_run

    with Step("preflight") as s:
        if s.run("git", "status", "--porcelain", mutate=False).strip():
            raise SystemExit("working tree has changes")
        if s.run("git", "branch", "--show-current", mutate=False).strip() != "main":
            raise SystemExit("switch to main first")
        if not args.dry_run and not os.environ.get("UV_PUBLISH_TOKEN"):
            raise SystemExit("UV_PUBLISH_TOKEN not set")

    current = read_version()
    new = next_version(current, args.bump)
    print(f"    {current} -> {new}")

    with Step("changelog + version") as s:
        s.run("towncrier", "build", "--yes", "--version", new)
        if not args.dry_run:
            VERSION_FILE.write_text(VERSION_PATTERN.sub(f'__version__ = "{new}"', VERSION_FILE.read_text()))

    with Step("commit, tag, push") as s:
        s.run("git", "commit", "-am", f"Release {new}")
        s.run("git", "tag", "-a", f"v{new}", "-m", f"Version {new}")
        s.run("git", "push", "--atomic", "origin", "main", f"v{new}")

    with Step("build and publish to PyPI") as s:
        s.run("uv", "build", "--out-dir", "dist", mutate=False)
        s.run("uv", "publish", "dist/*")

    with Step("GitHub release") as s:
        dists = sorted(str(p) for p in (ROOT / "dist").glob(f"*{new}*"))
        s.run("gh", "release", "create", f"v{new}", "--generate-notes", *dists)

    print(f"released {new}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
