#!/usr/bin/env python3
"""Remove Python build artefacts and tool caches from the repository.

Only paths inside the git work tree are touched; the script refuses to run
anywhere else. Usage: python scripts/clean.py [--dry-run] [--venv]
"""
import argparse
import shutil
import subprocess
import sys
from pathlib import Path

DIR_NAMES = {"__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".tox", ".nox", "htmlcov"}
TOP_LEVEL = ["build", "dist", ".coverage", "coverage.xml"]
SKIP = {".git", ".venv", "node_modules"}


def repo_root() -> Path:
    out = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("not inside a git repository")
    return Path(out.stdout.strip()).resolve()


def walk(root: Path):
    stack = [root]
    while stack:
        d = stack.pop()
        for child in d.iterdir():
            if child.name in SKIP or child.is_symlink():
                continue
            if child.is_dir():
                if child.name in DIR_NAMES or child.name.endswith(".egg-info"):
                    yield child
                else:
                    stack.append(child)


def remove(p: Path, root: Path, dry: bool) -> None:
    p = p.resolve()
    if root not in p.parents:
        raise RuntimeError(f"refusing to remove {p}: outside {root}")
    print(("would remove " if dry else "removing ") + str(p.relative_to(root)))
    if dry:
        return
    if p.is_dir():
        shutil.rmtree(p)
    else:
        p.unlink()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--venv", action="store_true", help="also remove .venv")
    args = ap.parse_args()
    root = repo_root()
    targets = list(walk(root))
    targets += [root / n for n in TOP_LEVEL if (root / n).exists()]
    if args.venv and (root / ".venv").exists():
        targets.append(root / ".venv")
    for t in targets:
        remove(t, root, args.dry_run)
    print(f"{len(targets)} path(s) {'would be ' if args.dry_run else ''}removed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
