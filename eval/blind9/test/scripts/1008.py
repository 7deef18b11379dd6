#!/usr/bin/env python3
"""Prune generated artefacts inside this checkout.

Targets are globs relative to the repository root. Every match is resolved
and must stay inside the root (symlinks pointing elsewhere are skipped), and
tracked files are never removed: anything `git ls-files` knows about is kept.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True,
                           text=True, check=True).stdout.strip()).resolve()

PROFILES: dict[str, tuple[str, ...]] = {
    "python": ("**/__pycache__", ".tox", ".nox", "*.egg-info", "build", "dist", ".coverage*", "htmlcov"),
    "node": ("node_modules", "web/node_modules", "web/dist", "web/.vite"),
    "docs": ("docs/_build",),
    "native": ("target", "cmake-build-*", "zig-out", "zig-cache"),
}


def tracked_files() -> set[Path]:
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return {(ROOT / p).resolve() for p in out.decode().split("\0") if p}


def candidates(patterns: tuple[str, ...]):
    for pattern in patterns:
        for match in ROOT.glob(pattern):
            if match.is_symlink():
                print(f"skip symlink {match.relative_to(ROOT)}")
                continue
            resolved = match.resolve()
            if ROOT not in resolved.parents:
                print(f"skip {match}: resolves outside the repository")
                continue
            if ".git" in resolved.relative_to(ROOT).parts:
                continue
            yield resolved


def contains_tracked(path: Path, tracked: set[Path]) -> bool:
    if path in tracked:
        return True
    prefix = str(path) + os.sep
    return any(str(t).startswith(prefix) for t in tracked)


def size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    total = 0
    for dirpath, _, files in os.walk(path):
        for f in files:
            try:
                total += os.lstat(os.path.join(dirpath, f)).st_size
            except OSError:
                pass
    return total


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("profiles", nargs="*", default=list(PROFILES), choices=list(PROFILES))
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()

    tracked = tracked_files()
    freed = 0
    removed = 0
    for name in args.profiles:
        for path in candidates(PROFILES[name]):
            if contains_tracked(path, tracked):
                print(f"keep {path.relative_to(ROOT)} (contains tracked files)")
                continue
            n = size(path)
            freed += n
            removed += 1
            verb = "would remove" if args.dry_run else "remove"
            print(f"{verb} {path.relative_to(ROOT)}  {n / 1_048_576:.1f} MiB")
            if args.dry_run:
                continue
            if path.is_dir():
                shutil.rmtree(path)
            else:
                path.unlink()
    print(f"{removed} paths, {freed / 1_048_576:.1f} MiB {'reclaimable' if args.dry_run else 'freed'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
