#!/usr/bin/env python3
"""Release helper for the fernleaf-client package.

Default behaviour is a dry run: bump nothing, build sdist + wheel into ./dist,
run `twine check`, and print what would be uploaded. With --bump it rewrites the
version in pyproject.toml and src/fernleaf_client/__init__.py (the project's own
manifests). Only with --upload does it call `twine upload`, and then only to the
repository named in --repository (testpypi by default). Credentials come from
TWINE_USERNAME / TWINE_PASSWORD in the environment; nothing is stored.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"
INIT = ROOT / "src" / "fernleaf_client" / "__init__.py"
DIST = ROOT / "dist"
BUILD = ROOT / "build"
REPOSITORIES = {"testpypi", "pypi"}
VERSION_RE = re.compile(r'^version\s*=\s*"(\d+)\.(\d+)\.(\d+)(?:-?(rc\d+))?"', re.M)
INIT_RE = re.compile(r'^__version__\s*=\s*"[^"]+"', re.M)


def current_version() -> tuple[int, int, int, str | None]:
    m = VERSION_RE.search(PYPROJECT.read_text())
    if not m:
        raise SystemExit("could not find version in pyproject.toml")
    return int(m.group(1)), int(m.group(2)), int(m.group(3)), m.group(4)


def next_version(part: str) -> str:
    major, minor, patch, rc = current_version()
    if part == "major":
        return f"{major + 1}.0.0"
    if part == "minor":
        return f"{major}.{minor + 1}.0"
    if part == "patch":
        return f"{major}.{minor}.{patch + 1}"
    if part == "rc":
        n = int(rc[2:]) + 1 if rc else 1
        return f"{major}.{minor}.{patch}rc{n}"
    raise ValueError(part)


def write_version(version: str) -> None:
    text = PYPROJECT.read_text()
    text = VERSION_RE.sub(f'version = "{version}"', text, count=1)
    PYPROJECT.write_text(text)
    init = INIT.read_text()
    if INIT_RE.search(init):
        INIT.write_text(INIT_RE.sub(f'__version__ = "{version}"', init, count=1))


def git_clean() -> bool:
    out = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout
    return not out.strip()


def clean_build_dirs() -> None:
    for d in (DIST, BUILD, *ROOT.glob("src/*.egg-info")):
        if d.exists():
            shutil.rmtree(d)


def build() -> list[Path]:
    subprocess.run([sys.executable, "-m", "build", "--sdist", "--wheel", "--outdir", str(DIST)],
                   cwd=ROOT, check=True)
    files = sorted(DIST.glob("*"))
    if not files:
        raise SystemExit("build produced nothing")
    return files


def twine_check(files: list[Path]) -> None:
    subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *map(str, files)], check=True)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def upload(files: list[Path], repository: str) -> None:
    if repository not in REPOSITORIES:
        raise SystemExit(f"unknown repository {repository}")
    if not os.environ.get("TWINE_PASSWORD"):
        raise SystemExit("TWINE_PASSWORD is not set; create a scoped API token first")
    argv = [sys.executable, "-m", "twine", "upload", "--non-interactive",
            "--repository", repository, *map(str, files)]
    subprocess.run(argv, check=True)


def changelog_has(version: str) -> bool:
    """The release checklist wants a CHANGELOG entry before anything is built."""
    changelog = ROOT / "CHANGELOG.md"
    if not changelog.exists():
        return False
    heading = re.compile(rf"^##\s+\[?v?{re.escape(version)}\]?", re.M)
    return bool(heading.search(changelog.read_text(encoding="utf-8")))


def tag(version: str) -> None:
    subprocess.run(["git", "tag", "-a", f"v{version}", "-m", f"fernleaf-client {version}"],
                   cwd=ROOT, check=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bump", choices=["major", "minor", "patch", "rc"])
    ap.add_argument("--upload", action="store_true", help="actually upload (default: dry run)")
    ap.add_argument("--repository", default="testpypi")
    ap.add_argument("--tag", action="store_true", help="create an annotated git tag after upload")
    ap.add_argument("--allow-dirty", action="store_true")
    args = ap.parse_args()

    if not args.allow_dirty and not git_clean():
        print("working tree has uncommitted changes; commit or pass --allow-dirty", file=sys.stderr)
        return 1
    major, minor, patch, rc = current_version()
    version = f"{major}.{minor}.{patch}{rc or ''}"
    if args.bump:
        version = next_version(args.bump)
        write_version(version)
        print(f"version bumped to {version} (pyproject.toml, __init__.py)")
    if not changelog_has(version):
        print(f"warning: CHANGELOG.md has no section for {version}", file=sys.stderr)
        if args.upload:
            return 1

    clean_build_dirs()
    files = build()
    twine_check(files)
    print("artifacts:")
    for f in files:
        print(f"  {f.name:<50} {f.stat().st_size:>9} bytes  sha256 {sha256(f)[:16]}")

    if not args.upload:
        print(f"dry run: would upload {len(files)} files to {args.repository}; pass --upload to publish")
        return 0
    upload(files, args.repository)
    print(f"uploaded {version} to {args.repository}")
    if args.tag:
        tag(version)
        print(f"tagged v{version}; push the tag yourself when ready")
    return 0


if __name__ == "__main__":
    sys.exit(main())
