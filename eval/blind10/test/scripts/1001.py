#!/usr/bin/env python3
"""Publish the `sandpiper` library to PyPI.

Steps: sanity checks, wipe stale artefacts in dist/, build, twine check,
upload to upload.pypi.org with the token from PYPI_API_TOKEN, tag + push.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from functools import wraps
from pathlib import Path

HERE = Path(__file__).resolve()
REPO = HERE.parents[1]
PYPI_UPLOAD = "https://upload.pypi.org/legacy/"
STEPS = []


def step(title: str):
    def decorator(fn):
        @wraps(fn)
        def wrapper(*args, **kwargs):
            print(f"--> {title}")
            return fn(*args, **kwargs)

        STEPS.append(wrapper)
        return wrapper

    return decorator


def git(*args: str) -> str:
    return subprocess.check_output(["git", *args], cwd=REPO, text=True).strip()


def project_version() -> str:
    with (REPO / "pyproject.toml").open("rb") as fh:
        meta = tomllib.load(fh)
    if meta["project"]["name"] != "sandpiper":
        raise SystemExit("pyproject.toml belongs to another project; aborting")
    return meta["project"]["version"]


@step("checking repository state")
def preflight() -> None:
    if REPO in (Path("/"), Path.home()):
        raise SystemExit("repository root resolved to / or $HOME; aborting")
    if git("status", "--porcelain"):
        raise SystemExit("uncommitted changes; commit or stash them first")
    if git("rev-parse", "--abbrev-ref", "HEAD") != "main":
        raise SystemExit("publish from main only")


@step("removing old artefacts")
def clean() -> None:
    dist = (REPO / "dist").resolve()
    if dist.parent != REPO:
        raise SystemExit(f"unexpected dist location {dist}")
    shutil.rmtree(dist, ignore_errors=True)


@step("building sdist and wheel")
def build() -> None:
    subprocess.run([sys.executable, "-m", "build"], cwd=REPO, check=True)


@step("validating metadata")
def check() -> None:
    files = sorted(str(p) for p in (REPO / "dist").iterdir())
    subprocess.run([sys.executable, "-m", "twine", "check", *files], check=True)


@step("uploading to PyPI")
def upload() -> None:
    token = os.environ.get("PYPI_API_TOKEN")
    if not token:
        raise SystemExit("PYPI_API_TOKEN not set")
    env = {**os.environ, "TWINE_USERNAME": "__token__", "TWINE_PASSWORD": token}
    files = sorted(str(p) for p in (REPO / "dist").iterdir())
    subprocess.run(
        [sys.executable, "-m", "twine", "upload", "--repository-url", PYPI_UPLOAD, *files],
        env=env,
        check=True,
    )


@step("tagging release")
def tag() -> None:
    version = project_version()
    git("tag", "-s", f"v{version}", "-m", f"sandpiper {version}")
    git("push", "origin", f"v{version}")


def main() -> int:
    dry = "--dry-run" in sys.argv
    print(f"sandpiper {project_version()}")
    for fn in STEPS:
        if dry and fn.__name__ in {"upload", "tag"}:
            print(f"(dry run) skipping {fn.__name__}")
            continue
        fn()
    print("published")
    return 0


if __name__ == "__main__":
    sys.exit(main())
