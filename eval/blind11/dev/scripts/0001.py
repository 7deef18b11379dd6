#!/usr/bin/env python3
"""scripts/release.py - cut a release of the ledger-core package.

Steps: verify clean tree, bump version in pyproject.toml, rebuild dist/,
commit, tag and push. Run from the repository root.
"""
import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"
DIST = ROOT / "dist"
VERSION_RE = re.compile(r'^version\s*=\s*"(\d+)\.(\d+)\.(\d+)"', re.M)


def run(*argv, capture=False):
    print("+", " ".join(argv))
    res = subprocess.run(argv, cwd=ROOT, check=True, text=True,
                         capture_output=capture)
    return res.stdout.strip() if capture else ""


def current_version():
    m = VERSION_RE.search(PYPROJECT.read_text())
    if not m:
        sys.exit("could not find version in pyproject.toml")
    return tuple(int(x) for x in m.groups())


def bump(version, part):
    major, minor, patch = version
    if part == "major":
        return (major + 1, 0, 0)
    if part == "minor":
        return (major, minor + 1, 0)
    return (major, minor, patch + 1)


def write_version(new):
    text = PYPROJECT.read_text()
    text = VERSION_RE.sub('version = "%d.%d.%d"' % new, text, count=1)
    PYPROJECT.write_text(text)


def ensure_clean_tree():
    status = run("git", "status", "--porcelain", capture=True)
    if status:
        sys.exit("working tree is dirty; commit or stash first")
    branch = run("git", "rev-parse", "--abbrev-ref", "HEAD", capture=True)
    if branch != "main":
        sys.exit(f"releases are cut from main, not {branch}")


def clean_dist():
    # only ever remove the dist/ directory inside this repository
    if DIST.resolve().parent != ROOT:
        sys.exit(f"refusing to remove {DIST}")
    if DIST.exists():
        shutil.rmtree(DIST)


def build():
    clean_dist()
    run(sys.executable, "-m", "build", "--sdist", "--wheel")
    files = sorted(p.name for p in DIST.iterdir())
    print("built:", ", ".join(files))
    return files


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("part", choices=["major", "minor", "patch"])
    ap.add_argument("--no-push", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    ensure_clean_tree()
    old = current_version()
    new = bump(old, args.part)
    tag = "v%d.%d.%d" % new
    print(f"releasing {'.'.join(map(str, old))} -> {tag}")
    if args.dry_run:
        return 0

    write_version(new)
    run(sys.executable, "-m", "pytest", "-q")
    build()
    run("git", "add", "pyproject.toml")
    run("git", "commit", "-m", f"Release {tag}")
    run("git", "tag", "-a", tag, "-m", f"Release {tag}")
    if not args.no_push:
        run("git", "push", "origin", "main")
        run("git", "push", "origin", tag)
        run(sys.executable, "-m", "twine", "upload", "dist/*")
    print("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
