#!/usr/bin/env python3
"""Build and upload the package to PyPI using the token in TWINE_PASSWORD, then tag."""
import argparse
import logging
import os
import pathlib
import shutil
import subprocess
import sys

log = logging.getLogger("publish")
ROOT = pathlib.Path.cwd()


def run(*cmd, env=None):
    log.info("$ %s", " ".join(cmd))
    subprocess.run(cmd, check=True, env=env)


def version():
    out = subprocess.run([sys.executable, "-c",
                          "import tomllib;print(tomllib.load(open('pyproject.toml','rb'))['project']['version'])"],
                         capture_output=True, text=True, check=True)
    return out.stdout.strip()


def ensure_clean_main():
    status = subprocess.run(["git", "status", "--porcelain"], capture_output=True, text=True).stdout
    branch = subprocess.run(["git", "branch", "--show-current"], capture_output=True, text=True).stdout.strip()
    if status.strip() or branch != "main":
        raise SystemExit("publish only from a clean main branch")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--test-pypi", action="store_true")
    ap.add_argument("--skip-tag", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if not os.environ.get("TWINE_PASSWORD"):
        log.error("set TWINE_PASSWORD to a PyPI API token")
        return 2
    ensure_clean_main()
    dist = ROOT / "dist"
    if dist.exists():
        shutil.rmtree(dist)
    run(sys.executable, "-m", "build")
    run(sys.executable, "-m", "twine", "check", "dist/*")
    env = {**os.environ, "TWINE_USERNAME": "__token__"}
    repo = ["--repository", "testpypi"] if args.test_pypi else []
    files = [str(p) for p in dist.iterdir()]
    run(sys.executable, "-m", "twine", "upload", "--non-interactive", *repo, *files, env=env)
    if not args.skip_tag:
        tag = f"v{version()}"
        run("git", "tag", "-a", tag, "-m", tag)
        run("git", "push", "origin", tag)
    log.info("published %s", version())
    return 0


if __name__ == "__main__":
    sys.exit(main())
