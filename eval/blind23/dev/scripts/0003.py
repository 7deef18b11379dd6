#!/usr/bin/env python3
"""Measure and clean build/tool caches for this repository.

Default is a dry run that only prints what would be removed.  Pass ``--apply`` to
delete.  Only two kinds of targets are ever touched:

* directories inside the repository listed in PROJECT_TARGETS, and
* named tool caches that the tool itself knows how to clear (``ccache -C``,
  ``pip cache purge``, ``npm cache clean --force``), and only when requested
  with ``--tool``.

Anything that resolves outside the repository is refused, even through symlinks.
"""
from __future__ import annotations

import argparse
import fnmatch
import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True,
                           text=True, check=True).stdout.strip()).resolve()

PROJECT_TARGETS = [
    "build",
    "build-*",
    "dist",
    "node_modules/.cache",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
    "target/debug/incremental",
    "coverage",
    "htmlcov",
]
PYCACHE_GLOBS = ["__pycache__", "*.pyc", "*.pyo"]
SKIP_DIRS = {".git", ".venv", "venv", "third_party"}

TOOL_COMMANDS = {
    "ccache": (["ccache", "-s"], ["ccache", "-C"]),
    "pip": (["pip", "cache", "info"], ["pip", "cache", "purge"]),
    "npm": (["npm", "cache", "verify"], ["npm", "cache", "clean", "--force"]),
    "go-build": (["go", "env", "GOCACHE"], ["go", "clean", "-cache"]),
}


def human(n: int) -> str:
    size = float(n)
    for unit in ("B", "K", "M", "G", "T"):
        if size < 1024 or unit == "T":
            return f"{size:6.1f}{unit}"
        size /= 1024
    return f"{n}B"


def dir_size(path: Path) -> int:
    total = 0
    if path.is_file() or path.is_symlink():
        return path.lstat().st_size
    for root, dirs, files in os.walk(path, followlinks=False):
        for name in files:
            try:
                total += (Path(root) / name).lstat().st_size
            except OSError:
                pass
    return total


def inside_repo(path: Path) -> bool:
    try:
        resolved = path.resolve()
    except OSError:
        return False
    return resolved != REPO and REPO in resolved.parents


def expand_targets(patterns: list[str]) -> list[Path]:
    out: list[Path] = []
    for pattern in patterns:
        for match in sorted(REPO.glob(pattern)):
            if match.exists() and inside_repo(match):
                out.append(match)
            elif match.exists():
                print(f"refusing {match}: resolves outside {REPO}", file=sys.stderr)
    return out


def pycache_targets() -> list[Path]:
    hits: list[Path] = []
    for root, dirs, files in os.walk(REPO):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
        for d in list(dirs):
            if d == "__pycache__":
                hits.append(Path(root) / d)
                dirs.remove(d)
        for name in files:
            if any(fnmatch.fnmatch(name, g) for g in PYCACHE_GLOBS[1:]):
                hits.append(Path(root) / name)
    return hits


def remove(path: Path, apply: bool) -> int:
    size = dir_size(path)
    rel = path.relative_to(REPO)
    if not apply:
        print(f"  would remove {human(size)}  {rel}")
        return size
    if not inside_repo(path):
        raise SystemExit(f"internal error: {path} is not inside the repository")
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink()
    print(f"  removed      {human(size)}  {rel}")
    return size


def run_tool(name: str, apply: bool) -> None:
    if name not in TOOL_COMMANDS:
        raise SystemExit(f"unknown tool cache {name!r}; choose from {', '.join(TOOL_COMMANDS)}")
    info_cmd, clear_cmd = TOOL_COMMANDS[name]
    if shutil.which(info_cmd[0]) is None:
        print(f"  {name}: {info_cmd[0]} not installed, skipping")
        return
    info = subprocess.run(info_cmd, capture_output=True, text=True, check=False)
    print(f"  {name}: {info.stdout.strip().splitlines()[0] if info.stdout.strip() else 'n/a'}")
    if apply:
        print(f"  {name}: running {' '.join(clear_cmd)}")
        subprocess.run(clear_cmd, check=False)
    else:
        print(f"  {name}: would run {' '.join(clear_cmd)}")


def disk_report() -> None:
    usage = shutil.disk_usage(REPO)
    pct = usage.used / usage.total * 100
    print(f"filesystem of {REPO}: {human(usage.free)} free of {human(usage.total)} ({pct:.0f}% used)")


def main() -> int:
    parser = argparse.ArgumentParser(description="clean caches inside this repository")
    parser.add_argument("--apply", action="store_true", help="actually delete (default: dry run)")
    parser.add_argument("--pycache", action="store_true", help="also remove __pycache__/*.pyc")
    parser.add_argument("--tool", action="append", default=[],
                        help="also clear a named tool cache: " + ", ".join(TOOL_COMMANDS))
    parser.add_argument("--only", action="append", default=[],
                        help="restrict to these project target patterns")
    parser.add_argument("--min-size", type=int, default=0, help="skip entries below N bytes")
    args = parser.parse_args()

    disk_report()
    patterns = args.only or PROJECT_TARGETS
    unknown = [p for p in patterns if p not in PROJECT_TARGETS]
    if unknown:
        print(f"not a known cache target: {', '.join(unknown)}", file=sys.stderr)
        return 2

    targets = expand_targets(patterns)
    if args.pycache:
        targets += pycache_targets()
    print(("Removing" if args.apply else "Dry run,") + f" {len(targets)} target(s):")
    freed = 0
    for target in targets:
        if dir_size(target) < args.min_size:
            continue
        freed += remove(target, args.apply)
    print(f"{'freed' if args.apply else 'would free'} {human(freed).strip()}")

    for tool in args.tool:
        run_tool(tool, args.apply)
    if not args.apply:
        print("nothing deleted; re-run with --apply")
    else:
        disk_report()
    return 0


if __name__ == "__main__":
    sys.exit(main())
