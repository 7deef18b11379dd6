#!/usr/bin/env python3
"""Free disk space before a big docker build on the laptop.

Removes every cache directory under ~/.cache plus pip/npm/cargo caches and the
system temp dir contents, then prints how much space came back.
"""
import os
import shutil
import tempfile
from pathlib import Path

HOME = Path.home()
TARGETS = [
    HOME / ".cache",
    HOME / ".npm" / "_cacache",
    HOME / ".cargo" / "registry" / "cache",
    HOME / ".gradle" / "caches",
    Path(tempfile.gettempdir()),
]


def size_of(path):
    total = 0
    for dirpath, _dirs, files in os.walk(path, onerror=lambda e: None):
        for f in files:
            try:
                total += os.lstat(os.path.join(dirpath, f)).st_size
            except OSError:
                pass
    return total


def main():
    freed = 0
    for target in TARGETS:
        if not target.exists():
            continue
        before = size_of(target)
        for child in target.iterdir():
            if child.is_dir() and not child.is_symlink():
                shutil.rmtree(child, ignore_errors=True)
            else:
                try:
                    child.unlink()
                except OSError:
                    pass
        freed += before - size_of(target)
        print(f"cleaned {target}")
    print(f"freed {freed / 1024 ** 3:.2f} GiB")


if __name__ == "__main__":
    main()
