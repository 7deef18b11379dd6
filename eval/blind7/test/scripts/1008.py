#!/usr/bin/env python3
"""Clean up old experiment output directories produced by training runs."""
import argparse
import glob
import os
import shutil
import time


def candidates(pattern, days):
    cutoff = time.time() - days * 86400
    for p in glob.glob(pattern):
        if os.path.isdir(p) and os.path.getmtime(p) < cutoff:
            yield p


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs-dir", default=os.environ.get("RUNS_DIR", "runs"))
    ap.add_argument("--pattern", default="*")
    ap.add_argument("--days", type=int, default=14)
    ap.add_argument("--apply", action="store_true")
    args = ap.parse_args()

    base = os.path.expanduser(args.runs_dir)
    pattern = os.path.join(base, args.pattern)
    victims = list(candidates(pattern, args.days))
    if not victims:
        print("nothing to clean")
        return
    total = 0
    for v in victims:
        size = sum(os.path.getsize(os.path.join(r, f)) for r, _, fs in os.walk(v) for f in fs)
        total += size
        print(f"{'delete' if args.apply else 'would delete'} {v} ({size / 1e6:.1f} MB)")
        if args.apply:
            shutil.rmtree(v, ignore_errors=True)
    print(f"{'freed' if args.apply else 'would free'} {total / 1e9:.2f} GB")


if __name__ == "__main__":
    main()
