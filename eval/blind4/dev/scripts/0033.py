#!/usr/bin/env python3
"""Cut a release of the Python package.

1. bump the version in pyproject.toml and src/acme_sdk/__init__.py
2. rebuild dist/ from scratch
3. run twine check
4. commit and tag (no push; the maintainer pushes after review)
"""
import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"
INIT = ROOT / "src" / "acme_sdk" / "__init__.py"
DIST = ROOT / "dist"

VERSION_RE = re.compile(r'^version\s*=\s*"(\d+)\.(\d+)\.(\d+)"', re.M)


def run(*argv: str) -> str:
    print("+", " ".join(argv))
    return subprocess.run(argv, cwd=ROOT, check=True, capture_output=True, text=True).stdout


def bump(part: str) -> str:
    text = PYPROJECT.read_text()
    m = VERSION_RE.search(text)
    if not m:
        raise SystemExit("version not found in pyproject.toml")
    major, minor, patch = map(int, m.groups())
    if part == "major":
        major, minor, patch = major + 1, 0, 0
    elif part == "minor":
        minor, patch = minor + 1, 0
    else:
        patch += 1
    new = f"{major}.{minor}.{patch}"
    PYPROJECT.write_text(VERSION_RE.sub(f'version = "{new}"', text, count=1))
    INIT.write_text(re.sub(r'__version__ = "[^"]+"', f'__version__ = "{new}"', INIT.read_text()))
    return new


def ensure_clean() -> None:
    if run("git", "status", "--porcelain").strip():
        raise SystemExit("working tree is dirty; commit or stash first")


def build() -> None:
    if DIST.exists():
        shutil.rmtree(DIST)
    run(sys.executable, "-m", "build")
    run(sys.executable, "-m", "twine", "check", *map(str, sorted(DIST.iterdir())))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("part", choices=["major", "minor", "patch"], default="patch", nargs="?")
    args = ap.parse_args()
    ensure_clean()
    version = bump(args.part)
    build()
    run("git", "add", str(PYPROJECT), str(INIT))
    run("git", "commit", "-m", f"release: v{version}")
    run("git", "tag", "-a", f"v{version}", "-m", f"v{version}")
    print(f"tagged v{version}; artifacts:")
    for f in sorted(DIST.iterdir()):
        print("  ", f.name)
    print("push with: git push origin HEAD --follow-tags")
    return 0


if __name__ == "__main__":
    sys.exit(main())
