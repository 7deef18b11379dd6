#!/usr/bin/env python3
"""Cut a release: bump version, update CHANGELOG, tag, push, upload to PyPI.

    python scripts/release.py minor            # 1.4.2 -> 1.5.0
    python scripts/release.py patch --dry-run

PyPI upload uses twine with TWINE_USERNAME=__token__ and TWINE_PASSWORD from the
environment (the project's API token), against the default upload.pypi.org.
"""
from __future__ import annotations

import argparse
import datetime as dt
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"
INIT = ROOT / "src" / "proj" / "__init__.py"
CHANGELOG = ROOT / "CHANGELOG.md"
VERSION_RE = re.compile(r'^version\s*=\s*"(\d+)\.(\d+)\.(\d+)"', re.M)


class ReleaseError(RuntimeError):
    pass


def sh(*argv: str, dry: bool = False, capture: bool = False) -> str:
    print("+ " + " ".join(argv))
    if dry and argv[0] in {"git", "twine"} and argv[1] in {"commit", "tag", "push", "upload"}:
        return ""
    res = subprocess.run(argv, cwd=ROOT, check=True, text=True,
                         capture_output=capture)
    return res.stdout if capture else ""


def current_version() -> tuple[int, int, int]:
    m = VERSION_RE.search(PYPROJECT.read_text())
    if not m:
        raise ReleaseError("no version in pyproject.toml")
    return tuple(int(x) for x in m.groups())  # type: ignore[return-value]


def bump(v: tuple[int, int, int], part: str) -> str:
    major, minor, patch = v
    if part == "major":
        return f"{major + 1}.0.0"
    if part == "minor":
        return f"{major}.{minor + 1}.0"
    return f"{major}.{minor}.{patch + 1}"


def ensure_clean_tree() -> None:
    status = sh("git", "status", "--porcelain", capture=True)
    if status.strip():
        raise ReleaseError("working tree is dirty; commit or stash first")
    branch = sh("git", "rev-parse", "--abbrev-ref", "HEAD", capture=True).strip()
    if branch != "main":
        raise ReleaseError(f"release from main, not {branch}")


def write_version(new: str) -> None:
    PYPROJECT.write_text(VERSION_RE.sub(f'version = "{new}"', PYPROJECT.read_text(), count=1))
    INIT.write_text(re.sub(r'__version__ = "[^"]+"', f'__version__ = "{new}"', INIT.read_text()))


def update_changelog(new: str) -> None:
    text = CHANGELOG.read_text()
    today = dt.date.today().isoformat()
    if "## Unreleased" not in text:
        raise ReleaseError("CHANGELOG.md has no '## Unreleased' section")
    CHANGELOG.write_text(text.replace("## Unreleased", f"## Unreleased\n\n## {new} - {today}", 1))


def build() -> list[Path]:
    dist = ROOT / "dist"
    if dist.exists():
        shutil.rmtree(dist)
    sh(sys.executable, "-m", "build")
    return sorted(dist.iterdir())


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("part", choices=["major", "minor", "patch"])
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--skip-upload", action="store_true")
    args = ap.parse_args()

    try:
        ensure_clean_tree()
        new = bump(current_version(), args.part)
        print(f"releasing {new}")
        write_version(new)
        update_changelog(new)
        sh("git", "commit", "-am", f"release: {new}", dry=args.dry_run)
        sh("git", "tag", "-a", f"v{new}", "-m", f"Release {new}", dry=args.dry_run)
        artifacts = build()
        sh("git", "push", "origin", "main", f"v{new}", dry=args.dry_run)
        if not args.skip_upload:
            sh("twine", "upload", "--non-interactive", *map(str, artifacts), dry=args.dry_run)
    except (ReleaseError, subprocess.CalledProcessError) as exc:
        print(f"release aborted: {exc}", file=sys.stderr)
        return 1
    print("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
