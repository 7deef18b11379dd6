#!/usr/bin/env python3
"""Build sdist/wheel, verify them, then tag the release and push the tag."""
import argparse
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"


def sh(*args: str, capture: bool = False) -> str:
    res = subprocess.run(list(args), cwd=ROOT, check=True, text=True,
                         capture_output=capture)
    return res.stdout.strip() if capture else ""


def version() -> str:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return data["project"]["version"]


def preflight() -> None:
    if sh("git", "status", "--porcelain", capture=True):
        raise SystemExit("working tree is dirty")
    branch = sh("git", "rev-parse", "--abbrev-ref", "HEAD", capture=True)
    if branch != "main":
        raise SystemExit(f"release from main, not {branch}")


def build() -> list[Path]:
    if DIST.exists():
        shutil.rmtree(DIST)
    sh(sys.executable, "-m", "build", "--outdir", str(DIST))
    artifacts = sorted(DIST.iterdir())
    sh(sys.executable, "-m", "twine", "check", *map(str, artifacts))
    return artifacts


def tag_and_push(v: str, push: bool) -> None:
    tag = f"v{v}"
    existing = sh("git", "tag", "--list", tag, capture=True)
    if existing:
        raise SystemExit(f"tag {tag} already exists")
    sh("git", "tag", "-a", tag, "-m", f"Release {tag}")
    if push:
        sh("git", "push", "origin", tag)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--no-push", action="store_true")
    ap.add_argument("--skip-tests", action="store_true")
    ns = ap.parse_args()
    preflight()
    if not ns.skip_tests:
        sh(sys.executable, "-m", "pytest", "-q")
    artifacts = build()
    v = version()
    tag_and_push(v, push=not ns.no_push)
    for a in artifacts:
        print(f"built {a.relative_to(ROOT)}")
    print(f"tagged v{v}; upload with: twine upload dist/*")
    return 0


if __name__ == "__main__":
    sys.exit(main())
