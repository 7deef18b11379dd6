#!/usr/bin/env python3
"""Publish the `ferrykit` package to PyPI.

1. refuse if the version in pyproject.toml is already on pypi.org
2. build sdist + wheel into dist/ (after clearing dist/)
3. `twine check`, then `twine upload` (credentials come from TWINE_* env vars)
4. tag the release and push the tag
"""
import json
import shutil
import subprocess
import sys
import tomllib
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DIST_DIR = REPO / "dist"


def sh(*argv: str) -> None:
    print("$ " + " ".join(argv))
    subprocess.run(argv, cwd=REPO, check=True)


def project_meta() -> tuple[str, str]:
    data = tomllib.loads((REPO / "pyproject.toml").read_text())
    return data["project"]["name"], data["project"]["version"]


def released_versions(name: str) -> set[str]:
    url = f"https://pypi.org/pypi/{name}/json"
    try:
        with urllib.request.urlopen(url, timeout=15) as resp:
            return set(json.load(resp)["releases"])
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            return set()
        raise


def clean_dist() -> None:
    if DIST_DIR.exists():
        if DIST_DIR.resolve().parent != REPO.resolve():
            raise SystemExit(f"unexpected dist location {DIST_DIR.resolve()}")
        shutil.rmtree(DIST_DIR)


def git_clean() -> bool:
    out = subprocess.run(["git", "status", "--porcelain"], cwd=REPO,
                         capture_output=True, text=True, check=True)
    return not out.stdout.strip()


def main(argv: list[str]) -> int:
    dry = "--dry-run" in argv
    name, version = project_meta()
    if name != "ferrykit":
        print(f"refusing: this is {name}, not ferrykit", file=sys.stderr)
        return 2
    if not git_clean():
        print("commit your changes first", file=sys.stderr)
        return 1
    if version in released_versions(name):
        print(f"{name} {version} is already on PyPI; bump the version", file=sys.stderr)
        return 1
    clean_dist()
    sh(sys.executable, "-m", "build", "--outdir", str(DIST_DIR))
    artifacts = sorted(str(p) for p in DIST_DIR.iterdir())
    sh(sys.executable, "-m", "twine", "check", "--strict", *artifacts)
    if dry:
        print(f"dry run: would upload {len(artifacts)} file(s) and tag v{version}")
        return 0
    sh(sys.executable, "-m", "twine", "upload", "--non-interactive", *artifacts)
    sh("git", "tag", "-a", f"v{version}", "-m", f"ferrykit {version}")
    sh("git", "push", "origin", f"v{version}")
    print(f"published ferrykit {version}: https://pypi.org/project/ferrykit/{version}/")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
