#!/usr/bin/env python3
"""Build and publish the Python packages in packages/* to the index named in
pyproject.toml ([tool.release].index).

Without --upload this only builds, runs `twine check` and prints what it
would publish. The API token comes from the environment (PYPI_TOKEN or
TEST_PYPI_TOKEN, matching the index) and is passed to twine through
TWINE_PASSWORD, never on the command line.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tomllib
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
INDEXES = {
    "pypi": {"upload": "https://upload.pypi.org/legacy/", "json": "https://pypi.org/pypi",
             "token_env": "PYPI_TOKEN"},
    "testpypi": {"upload": "https://test.pypi.org/legacy/", "json": "https://test.pypi.org/pypi",
                 "token_env": "TEST_PYPI_TOKEN"},
}


def die(msg: str) -> None:
    sys.exit(f"publish: {msg}")


def release_config() -> dict:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    cfg = data.get("tool", {}).get("release", {})
    if cfg.get("index") not in INDEXES:
        die(f"[tool.release].index must be one of {sorted(INDEXES)}")
    return cfg


def package_meta(pkg: Path) -> tuple[str, str]:
    data = tomllib.loads((pkg / "pyproject.toml").read_text())
    proj = data["project"]
    return proj["name"], proj["version"]


def already_published(index: dict, name: str, version: str) -> bool:
    url = f"{index['json']}/{name}/{version}/json"
    try:
        with urllib.request.urlopen(url, timeout=10) as resp:
            return resp.status == 200
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            return False
        raise


def clean_dist(pkg: Path) -> Path:
    dist = pkg / "dist"
    if dist.exists():
        shutil.rmtree(dist)
    for stale in pkg.glob("*.egg-info"):
        shutil.rmtree(stale)
    build_dir = pkg / "build"
    if build_dir.exists():
        shutil.rmtree(build_dir)
    return dist


def build(pkg: Path) -> list[Path]:
    dist = clean_dist(pkg)
    subprocess.run([sys.executable, "-m", "build", "--sdist", "--wheel", "--outdir", str(dist)],
                   cwd=pkg, check=True)
    files = sorted(dist.iterdir())
    if not files:
        die(f"build produced nothing for {pkg.name}")
    return files


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def twine_check(files: list[Path]) -> None:
    subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *map(str, files)], check=True)


def twine_upload(index: dict, files: list[Path], token: str) -> None:
    env = {**os.environ, "TWINE_USERNAME": "__token__", "TWINE_PASSWORD": token,
           "TWINE_NON_INTERACTIVE": "1"}
    argv = [sys.executable, "-m", "twine", "upload", "--repository-url", index["upload"],
            "--disable-progress-bar", *map(str, files)]
    subprocess.run(argv, env=env, check=True)


def select_packages(names: list[str]) -> list[Path]:
    pkgs = sorted(p for p in (ROOT / "packages").iterdir() if (p / "pyproject.toml").exists())
    if names:
        wanted = set(names)
        pkgs = [p for p in pkgs if p.name in wanted]
        missing = wanted - {p.name for p in pkgs}
        if missing:
            die(f"unknown packages: {', '.join(sorted(missing))}")
    return pkgs


def check_changelog(pkg: Path, version: str) -> None:
    changelog = pkg / "CHANGELOG.md"
    if not changelog.exists():
        print(f"  warning: {pkg.name} has no CHANGELOG.md")
        return
    head = changelog.read_text().split("\n## ", 3)[:3]
    if not any(version in section.splitlines()[0] for section in head if section):
        die(f"{pkg.name}: CHANGELOG.md has no entry for {version}")


def tag_exists(name: str, version: str) -> bool:
    tag = f"{name}-v{version}"
    res = subprocess.run(["git", "rev-parse", "-q", "--verify", f"refs/tags/{tag}"],
                         cwd=ROOT, capture_output=True)
    return res.returncode == 0


def create_tag(name: str, version: str) -> None:
    tag = f"{name}-v{version}"
    subprocess.run(["git", "tag", "-a", tag, "-m", f"{name} {version}"], cwd=ROOT, check=True)
    print(f"  tagged {tag} (push with: git push origin {tag})")


def git_clean() -> bool:
    out = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True)
    return out.stdout.strip() == ""


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("packages", nargs="*")
    ap.add_argument("--upload", action="store_true", help="actually upload")
    ap.add_argument("--allow-dirty", action="store_true")
    ap.add_argument("--manifest", default="build/publish-manifest.json")
    args = ap.parse_args()

    cfg = release_config()
    index = INDEXES[cfg["index"]]
    token = os.environ.get(index["token_env"], "")
    if args.upload:
        if not token:
            die(f"{index['token_env']} is not set")
        if not token.startswith("pypi-"):
            die(f"{index['token_env']} does not look like a PyPI API token")
        if not args.allow_dirty and not git_clean():
            die("working tree is dirty; commit first or pass --allow-dirty")
        print(f"uploading to {index['upload']} with token ...{token[-4:]}")

    manifest = []
    for pkg in select_packages(args.packages):
        name, version = package_meta(pkg)
        if already_published(index, name, version):
            print(f"skip {name} {version}: already on {cfg['index']}")
            continue
        check_changelog(pkg, version)
        files = build(pkg)
        twine_check(files)
        for f in files:
            manifest.append({"package": name, "version": version, "file": f.name, "sha256": sha256(f)})
            print(f"  {f.name}  {manifest[-1]['sha256'][:16]}")
        if args.upload:
            twine_upload(index, files, token)
            print(f"published {name} {version}")
            if not tag_exists(name, version):
                create_tag(name, version)
        else:
            print(f"would publish {name} {version} ({len(files)} files); pass --upload")

    out = ROOT / args.manifest
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(manifest, indent=2))
    print(f"manifest written to {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
