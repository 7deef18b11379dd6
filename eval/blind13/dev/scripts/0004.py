#!/usr/bin/env python3
"""Cut a release of the tidewater service: bump version, tag, push the current branch.

All git invocations use fixed argv lists. Pushing goes to the configured
'origin' remote only, and only the current branch plus the new tag.
"""
import argparse
import re
import subprocess
import sys
from enum import Enum
from pathlib import Path

VERSION_FILE = Path("src/tidewater/__about__.py")
CHANGELOG = Path("CHANGELOG.md")
VERSION_RE = re.compile(r'__version__ = "(\d+)\.(\d+)\.(\d+)"')


class Part(str, Enum):
    MAJOR = "major"
    MINOR = "minor"
    PATCH = "patch"


def git(*args: str, capture: bool = True) -> str:
    proc = subprocess.run(["git", *args], check=True, text=True, capture_output=capture)
    return proc.stdout.strip() if capture else ""


class Release:
    def __init__(self, part: Part, dry_run: bool):
        self.part = part
        self.dry_run = dry_run
        self._current = None

    @property
    def current(self) -> tuple[int, int, int]:
        if self._current is None:
            match = VERSION_RE.search(VERSION_FILE.read_text())
            if not match:
                raise SystemExit(f"cannot find __version__ in {VERSION_FILE}")
            self._current = tuple(int(x) for x in match.groups())
        return self._current

    @property
    def next(self) -> tuple[int, int, int]:
        major, minor, patch = self.current
        if self.part is Part.MAJOR:
            return major + 1, 0, 0
        if self.part is Part.MINOR:
            return major, minor + 1, 0
        return major, minor, patch + 1

    def preflight(self) -> str:
        if git("status", "--porcelain"):
            raise SystemExit("working tree is dirty; commit or stash first")
        branch = git("rev-parse", "--abbrev-ref", "HEAD")
        if branch not in ("main", "release"):
            raise SystemExit(f"refusing to release from branch {branch!r}")
        git("fetch", "origin", branch)
        if git("rev-list", "--count", f"HEAD..origin/{branch}") != "0":
            raise SystemExit("branch is behind origin; pull first")
        return branch

    def apply(self) -> None:
        branch = self.preflight()
        new = ".".join(map(str, self.next))
        tag = f"v{new}"
        print(f"releasing {'.'.join(map(str, self.current))} -> {new} on {branch}")
        if self.dry_run:
            return
        text = VERSION_FILE.read_text()
        VERSION_FILE.write_text(VERSION_RE.sub(f'__version__ = "{new}"', text))
        notes = CHANGELOG.read_text().replace("## [Unreleased]", f"## [Unreleased]\n\n## [{new}]", 1)
        CHANGELOG.write_text(notes)
        git("add", str(VERSION_FILE), str(CHANGELOG))
        git("commit", "-m", f"release: {tag}")
        git("tag", "-a", tag, "-m", f"tidewater {tag}")
        git("push", "origin", branch, capture=False)
        git("push", "origin", tag, capture=False)
        print(f"pushed {branch} and {tag}")


def main() -> int:
    parser = argparse.ArgumentParser(description="release helper")
    parser.add_argument("part", type=Part, choices=list(Part))
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    try:
        Release(args.part, args.dry_run).apply()
    except subprocess.CalledProcessError as exc:
        print(f"git failed: {exc.cmd} -> {exc.returncode}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
