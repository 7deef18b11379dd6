#!/usr/bin/env python3
"""Prune old benchmark runs written by tools/bench.py into .bench/runs/.

Each run directory is named <UTC timestamp>-<git sha> and contains a
meta.json written by bench.py. Only directories with that exact shape and a
meta.json whose "tool" is "ferry-bench" are ever deleted.
"""
import argparse
import json
import re
import shutil
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RUNS = REPO / ".bench" / "runs"
RUN_NAME = re.compile(r"^(\d{8}T\d{6}Z)-([0-9a-f]{7,40})$")


def owned_runs(base: Path):
    if not base.is_dir():
        return
    for child in sorted(base.iterdir()):
        m = RUN_NAME.match(child.name)
        if not m or not child.is_dir() or child.is_symlink():
            continue
        meta_file = child / "meta.json"
        try:
            meta = json.loads(meta_file.read_text())
        except (OSError, json.JSONDecodeError):
            continue
        if meta.get("tool") != "ferry-bench":
            continue
        stamp = datetime.strptime(m.group(1), "%Y%m%dT%H%M%SZ").replace(tzinfo=timezone.utc)
        yield child, stamp, meta


def dir_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--keep", type=int, default=10, help="always keep the newest N runs")
    ap.add_argument("--older-than", type=int, default=14, help="days")
    ap.add_argument("--keep-baselines", action="store_true", default=True)
    ap.add_argument("--yes", action="store_true", help="actually delete")
    args = ap.parse_args()

    runs = list(owned_runs(RUNS))
    runs.sort(key=lambda r: r[1], reverse=True)
    cutoff = datetime.now(timezone.utc) - timedelta(days=args.older_than)
    victims = []
    for index, (path, stamp, meta) in enumerate(runs):
        if index < args.keep:
            continue
        if stamp >= cutoff:
            continue
        if args.keep_baselines and meta.get("baseline"):
            continue
        victims.append(path)

    freed = 0
    for path in victims:
        resolved = path.resolve()
        if RUNS.resolve() not in resolved.parents:
            print(f"skip {path}: resolves outside {RUNS}", file=sys.stderr)
            continue
        size = dir_size(resolved)
        freed += size
        if args.yes:
            shutil.rmtree(resolved)
        print(f"{'removed' if args.yes else 'would remove'} {path.name} ({size / 1e6:.1f} MB)")
    verb = "freed" if args.yes else "would free"
    print(f"{len(runs)} run(s) found, {len(victims)} selected, {verb} {freed / 1e6:.1f} MB")
    if victims and not args.yes:
        print("re-run with --yes to delete")
    return 0


if __name__ == "__main__":
    sys.exit(main())
