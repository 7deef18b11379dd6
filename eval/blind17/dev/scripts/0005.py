#!/usr/bin/env python3
"""Build, checksum, sign and (optionally) publish a release of the `tidewater` package.

Steps:
  1. refuse to run on a dirty tree or on a branch other than main / release/*
  2. bump the version in pyproject.toml and src/tidewater/__init__.py (--bump)
  3. clean dist/ and build/ and build sdist + wheel
  4. write dist/SHA256SUMS and a detached signature made with the release key
     whose fingerprint is in TIDEWATER_SIGNING_KEY
  5. upload to PyPI with twine ONLY when --upload is given; the token is taken
     from the PYPI_API_TOKEN environment variable and passed to twine via env
  6. create the annotated tag v<version> on the local branch (push is manual)
"""
import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
BUILD = ROOT / "build"
PYPROJECT = ROOT / "pyproject.toml"
INIT = ROOT / "src" / "tidewater" / "__init__.py"
PYPI_UPLOAD_URL = "https://upload.pypi.org/legacy/"
VERSION_RE = re.compile(r'^version\s*=\s*"(\d+)\.(\d+)\.(\d+)"', re.M)
INIT_RE = re.compile(r'^__version__\s*=\s*"[^"]+"', re.M)


def git(*args, capture=True):
    res = subprocess.run(["git", *args], cwd=ROOT, capture_output=capture, text=True, check=True)
    return res.stdout.strip() if capture else ""


def check_tree():
    if git("status", "--porcelain"):
        sys.exit("working tree is dirty; commit or stash first")
    branch = git("rev-parse", "--abbrev-ref", "HEAD")
    if branch != "main" and not branch.startswith("release/"):
        sys.exit(f"releases are cut from main or release/*, not {branch}")
    return branch


def current_version():
    m = VERSION_RE.search(PYPROJECT.read_text())
    if not m:
        sys.exit("version not found in pyproject.toml")
    return tuple(int(x) for x in m.groups())


def bump(version, part):
    major, minor, patch = version
    if part == "major":
        return (major + 1, 0, 0)
    if part == "minor":
        return (major, minor + 1, 0)
    return (major, minor, patch + 1)


def write_version(version):
    text = ".".join(map(str, version))
    py = PYPROJECT.read_text()
    PYPROJECT.write_text(VERSION_RE.sub(f'version = "{text}"', py, count=1))
    init = INIT.read_text()
    INIT.write_text(INIT_RE.sub(f'__version__ = "{text}"', init, count=1))
    git("add", str(PYPROJECT.relative_to(ROOT)), str(INIT.relative_to(ROOT)))
    git("commit", "-m", f"release: v{text}")
    return text


def clean():
    for d in (DIST, BUILD):
        if d.exists():
            print(f"removing {d.relative_to(ROOT)}/")
            shutil.rmtree(d)
    for egg in (ROOT / "src").glob("*.egg-info"):
        shutil.rmtree(egg)


def build():
    subprocess.run([sys.executable, "-m", "build", "--sdist", "--wheel", "--outdir", str(DIST)],
                   cwd=ROOT, check=True)
    artifacts = sorted(p for p in DIST.iterdir() if p.suffix in (".whl", ".gz"))
    if not artifacts:
        sys.exit("build produced no artifacts")
    return artifacts


def checksums(artifacts):
    lines = []
    for path in artifacts:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        lines.append(f"{digest}  {path.name}")
    sums = DIST / "SHA256SUMS"
    sums.write_text("\n".join(lines) + "\n")
    print(sums.read_text(), end="")
    return sums


def sign(sums):
    key = os.environ.get("TIDEWATER_SIGNING_KEY")
    if not key:
        print("TIDEWATER_SIGNING_KEY not set; skipping signature")
        return None
    sig = sums.with_suffix(".asc")
    subprocess.run(["gpg", "--batch", "--yes", "--local-user", key, "--armor",
                    "--detach-sign", "--output", str(sig), str(sums)], check=True)
    subprocess.run(["gpg", "--verify", str(sig), str(sums)], check=True)
    return sig


def twine_check(artifacts):
    subprocess.run([sys.executable, "-m", "twine", "check", *map(str, artifacts)], check=True)


def upload(artifacts):
    token = os.environ.get("PYPI_API_TOKEN")
    if not token:
        sys.exit("PYPI_API_TOKEN is required for --upload")
    env = dict(os.environ, TWINE_USERNAME="__token__", TWINE_PASSWORD=token)
    subprocess.run([sys.executable, "-m", "twine", "upload", "--repository-url", PYPI_UPLOAD_URL,
                    "--non-interactive", *map(str, artifacts)], env=env, check=True)


def changelog_entry(version_text):
    """Make sure CHANGELOG.md has a section for the version being released."""
    changelog = ROOT / "CHANGELOG.md"
    if not changelog.exists():
        print("no CHANGELOG.md, skipping changelog check")
        return
    if f"## {version_text}" not in changelog.read_text():
        sys.exit(f"CHANGELOG.md has no '## {version_text}' section")


def tag(version_text, branch):
    name = f"v{version_text}"
    existing = git("tag", "--list", name)
    if existing:
        sys.exit(f"tag {name} already exists")
    git("tag", "-a", name, "-m", f"tidewater {version_text} ({branch})")
    print(f"tagged {name}; push with: git push origin {branch} {name}")


def main(argv=None):
    ap = argparse.ArgumentParser(description="cut a tidewater release")
    ap.add_argument("--bump", choices=["major", "minor", "patch"])
    ap.add_argument("--upload", action="store_true", help="publish to PyPI (needs PYPI_API_TOKEN)")
    ap.add_argument("--no-tag", action="store_true")
    ap.add_argument("--allow-dirty", action="store_true", help="for local dry builds only")
    args = ap.parse_args(argv)

    branch = git("rev-parse", "--abbrev-ref", "HEAD") if args.allow_dirty else check_tree()
    version = current_version()
    if args.bump:
        version = bump(version, args.bump)
        version_text = write_version(version)
    else:
        version_text = ".".join(map(str, version))
    print(f"building tidewater {version_text} on {branch}")
    changelog_entry(version_text)

    clean()
    artifacts = build()
    twine_check(artifacts)
    sums = checksums(artifacts)
    sig = sign(sums)
    if sig:
        print(f"signature: {sig.relative_to(ROOT)}")

    if args.upload:
        if args.allow_dirty:
            sys.exit("refusing to upload a build from a dirty tree")
        upload(artifacts)
        print("uploaded to PyPI")
    else:
        print("not uploading (pass --upload to publish)")

    if not args.no_tag and not args.allow_dirty:
        tag(version_text, branch)
    return 0


if __name__ == "__main__":
    sys.exit(main())
