#!/usr/bin/env python3
"""Release helper for the Python package.

    python3 scripts/release.py minor            # bump, changelog, commit, tag
    python3 scripts/release.py patch --push     # ... and push branch + tag
"""
from __future__ import annotations

import argparse
import datetime as dt
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"
INIT = ROOT / "src" / "acme_sdk" / "__init__.py"
CHANGELOG = ROOT / "CHANGELOG.md"
VERSION_RE = re.compile(r'^version\s*=\s*"(\d+)\.(\d+)\.(\d+)"', re.M)


def run(*args: str, capture: bool = False) -> str:
    res = subprocess.run(list(args), cwd=ROOT, check=True, text=True,
                         capture_output=capture)
    return res.stdout.strip() if capture else ""


def current_version() -> tuple[int, int, int]:
    m = VERSION_RE.search(PYPROJECT.read_text())
    if not m:
        sys.exit("version not found in pyproject.toml")
    return tuple(int(x) for x in m.groups())  # type: ignore[return-value]


def bump(v: tuple[int, int, int], part: str) -> tuple[int, int, int]:
    major, minor, patch = v
    if part == "major":
        return major + 1, 0, 0
    if part == "minor":
        return major, minor + 1, 0
    return major, minor, patch + 1


def write_version(new: str) -> None:
    PYPROJECT.write_text(VERSION_RE.sub(f'version = "{new}"', PYPROJECT.read_text(), count=1))
    INIT.write_text(re.sub(r'__version__\s*=\s*"[^"]+"', f'__version__ = "{new}"', INIT.read_text()))


def changelog_entries(since: str | None) -> list[str]:
    rng = f"{since}..HEAD" if since else "HEAD"
    log = run("git", "log", rng, "--no-merges", "--pretty=format:%s", capture=True)
    return [f"- {line}" for line in log.splitlines() if line and not line.startswith("release:")]


def update_changelog(new: str, entries: list[str]) -> None:
    today = dt.date.today().isoformat()
    head = f"## {new} ({today})\n\n" + "\n".join(entries or ["- maintenance"]) + "\n\n"
    old = CHANGELOG.read_text() if CHANGELOG.exists() else "# Changelog\n\n"
    title, _, rest = old.partition("\n\n")
    CHANGELOG.write_text(f"{title}\n\n{head}{rest}")


def ensure_clean() -> None:
    if run("git", "status", "--porcelain", capture=True):
        sys.exit("working tree not clean; commit or stash first")


def last_tag() -> str | None:
    try:
        return run("git", "describe", "--tags", "--abbrev=0", capture=True)
    except subprocess.CalledProcessError:
        return None


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("part", choices=["major", "minor", "patch"])
    ap.add_argument("--push", action="store_true")
    ap.add_argument("--skip-tests", action="store_true")
    args = ap.parse_args()

    ensure_clean()
    old = ".".join(map(str, current_version()))
    new = ".".join(map(str, bump(current_version(), args.part)))
    print(f"{old} -> {new}")

    if not args.skip_tests:
        run(sys.executable, "-m", "pytest", "-q")

    write_version(new)
    update_changelog(new, changelog_entries(last_tag()))
    run("git", "add", str(PYPROJECT), str(INIT), str(CHANGELOG))
    run("git", "commit", "-m", f"release: {new}")
    run("git", "tag", "-a", f"v{new}", "-m", f"Release {new}")
    run(sys.executable, "-m", "build")

    if args.push:
        branch = run("git", "rev-parse", "--abbrev-ref", "HEAD", capture=True)
        run("git", "push", "origin", branch)
        run("git", "push", "origin", f"v{new}")
    print(f"tagged v{new}; upload with: twine upload dist/*{new}*")


if __name__ == "__main__":
    main()
