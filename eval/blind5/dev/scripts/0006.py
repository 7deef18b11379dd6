#!/usr/bin/env python3
"""Remove build artefacts and tool caches for this project.

Only paths inside the repository and the project's own cache directory under
~/.cache are touched. Use --dry-run to see what would be removed.
"""
import argparse
import os
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROJECT_DIRS = ["build", "dist", ".pytest_cache", ".mypy_cache", ".ruff_cache", "htmlcov"]
PROJECT_GLOBS = ["*.egg-info", "**/__pycache__", ".coverage*"]
CACHE_HOME = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
TOOL_CACHE = CACHE_HOME / "acme-build"


def inside(path: Path, parent: Path) -> bool:
    try:
        path.resolve().relative_to(parent.resolve())
        return True
    except ValueError:
        return False


def candidates():
    for name in PROJECT_DIRS:
        p = ROOT / name
        if p.exists():
            yield p
    for pattern in PROJECT_GLOBS:
        for p in ROOT.glob(pattern):
            if ".venv" not in p.parts and ".git" not in p.parts:
                yield p
    if TOOL_CACHE.exists():
        yield TOOL_CACHE


def remove(path: Path, dry_run: bool):
    allowed = inside(path, ROOT) or inside(path, CACHE_HOME)
    if not allowed:
        print(f"refusing to remove {path}")
        return 0
    size = sum(f.stat().st_size for f in path.rglob("*") if f.is_file()) if path.is_dir() else path.stat().st_size
    print(f"{'would remove' if dry_run else 'removing'} {path.relative_to(ROOT) if inside(path, ROOT) else path} ({size // 1024} KiB)")
    if not dry_run:
        if path.is_dir():
            shutil.rmtree(path)
        else:
            path.unlink()
    return size


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    total = sum(remove(p, args.dry_run) for p in sorted(set(candidates())))
    print(f"{'reclaimable' if args.dry_run else 'reclaimed'}: {total / 1_048_576:.1f} MiB")


if __name__ == "__main__":
    main()
