#!/usr/bin/env python3
"""Build and verify release artefacts for the Python package.

Builds sdist + wheel into ./dist, runs `twine check`, smoke-tests the wheel in
a throwaway virtualenv, and creates an annotated git tag. Uploading is left to
the CI publish job.
"""
import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
PYPROJECT = ROOT / "pyproject.toml"
VERSION_RE = re.compile(r'^version\s*=\s*"([^"]+)"', re.M)


def run(*cmd, cwd=ROOT):
    print("+", " ".join(str(c) for c in cmd))
    subprocess.run([str(c) for c in cmd], cwd=cwd, check=True)


def current_version() -> str:
    m = VERSION_RE.search(PYPROJECT.read_text())
    if not m:
        sys.exit("version not found in pyproject.toml")
    return m.group(1)


def ensure_clean_tree():
    out = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    if out.strip():
        sys.exit("working tree is dirty")


def build():
    if DIST.exists():
        shutil.rmtree(DIST)
    run(sys.executable, "-m", "build", "--sdist", "--wheel", "--outdir", DIST)
    run(sys.executable, "-m", "twine", "check", *sorted(DIST.iterdir()))


def smoke_test(version: str):
    wheel = next(DIST.glob("*.whl"))
    with tempfile.TemporaryDirectory(prefix="release-smoke-") as tmp:
        env_dir = Path(tmp) / "venv"
        venv.create(env_dir, with_pip=True)
        py = env_dir / "bin" / "python"
        run(py, "-m", "pip", "install", "--quiet", wheel)
        out = subprocess.run([str(py), "-c", "import acme; print(acme.__version__)"],
                             capture_output=True, text=True, check=True).stdout.strip()
        if out != version:
            sys.exit(f"installed version {out!r} != {version!r}")
    print(f"smoke test ok for {wheel.name}")


def tag(version: str, dry_run: bool):
    name = f"v{version}"
    existing = subprocess.run(["git", "tag", "--list", name], cwd=ROOT,
                              capture_output=True, text=True).stdout.strip()
    if existing:
        sys.exit(f"tag {name} already exists")
    if dry_run:
        print(f"would tag {name}")
    else:
        run("git", "tag", "-a", name, "-m", f"Release {name}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    ensure_clean_tree()
    version = current_version()
    build()
    smoke_test(version)
    tag(version, args.dry_run)
    print(f"release {version} ready; push the tag to trigger publishing")


if __name__ == "__main__":
    main()
