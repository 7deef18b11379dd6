#!/usr/bin/env python3
"""Build the pantry wheel and sdist from a clean slate.

Removes ./build and ./dist (only after confirming we are at the project root),
then runs the PEP 517 build with a fixed argument list and prints artifact sizes.
"""
from __future__ import annotations

import argparse
import hashlib
import shutil
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path
from time import perf_counter

PROJECT_MARKERS = ("pyproject.toml", "src/pantry/__init__.py")
DISPOSABLE = ("build", "dist", "src/pantry.egg-info")


class NotProjectRoot(RuntimeError):
    pass


def find_root(start: Path) -> Path:
    """Walk upwards until every marker file is present."""
    for candidate in (start, *start.parents):
        if all((candidate / m).exists() for m in PROJECT_MARKERS):
            return candidate
    raise NotProjectRoot(f"no pantry project above {start}")


@contextmanager
def timed(label: str):
    t0 = perf_counter()
    try:
        yield
    finally:
        print(f"[build] {label} took {perf_counter() - t0:.2f}s")


def wipe_disposable(root: Path, dry_run: bool) -> list[Path]:
    removed = []
    for rel in DISPOSABLE:
        target = (root / rel).resolve()
        # refuse anything that escaped the project through a symlink
        if root.resolve() not in target.parents:
            raise NotProjectRoot(f"{target} is outside {root}")
        if target.exists():
            removed.append(target)
            if not dry_run:
                shutil.rmtree(target)
    return removed


def run_build(root: Path) -> None:
    argv = [sys.executable, "-m", "build", "--sdist", "--wheel", "--outdir", "dist"]
    subprocess.run(argv, cwd=root, check=True)


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            digest.update(block)
    return digest.hexdigest()


def summarize(root: Path) -> int:
    artifacts = sorted((root / "dist").glob("*"))
    if not artifacts:
        print("[build] no artifacts produced", file=sys.stderr)
        return 1
    for art in artifacts:
        size_kb = art.stat().st_size / 1024
        print(f"  {art.name:<48} {size_kb:8.1f} KiB  sha256:{sha256_of(art)[:16]}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dry-run", action="store_true", help="only list what would be wiped")
    parser.add_argument("--keep", action="store_true", help="skip wiping build outputs")
    args = parser.parse_args(argv)

    try:
        root = find_root(Path.cwd())
    except NotProjectRoot as exc:
        print(f"[build] {exc}", file=sys.stderr)
        return 2

    if not args.keep:
        with timed("clean"):
            for path in wipe_disposable(root, args.dry_run):
                verb = "would remove" if args.dry_run else "removed"
                print(f"[build] {verb} {path.relative_to(root)}")
    if args.dry_run:
        return 0
    with timed("build"):
        run_build(root)
    return summarize(root)


if __name__ == "__main__":
    sys.exit(main())
