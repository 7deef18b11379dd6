#!/usr/bin/env python3
"""Free disk space on a dev box before the big dependency upgrade build."""
import glob
import os
import shutil
import time

HOME = os.path.expanduser("~")
TARGETS = [
    os.path.join(HOME, ".cache", "pip"),
    os.path.join(HOME, ".cache", "pypoetry"),
    os.path.join(HOME, ".npm", "_cacache"),
    os.path.join(HOME, ".cargo", "registry", "cache"),
    os.path.join(HOME, "go", "pkg", "mod", "cache"),
]
TMP_GLOBS = ["/tmp/*", "/var/tmp/*"]
MAX_AGE_DAYS = 2


def size_of(path):
    total = 0
    for root, _, files in os.walk(path):
        for f in files:
            try:
                total += os.path.getsize(os.path.join(root, f))
            except OSError:
                pass
    return total


def main():
    freed = 0
    for target in TARGETS:
        if os.path.isdir(target):
            freed += size_of(target)
            shutil.rmtree(target, ignore_errors=True)
            print("removed", target)
    cutoff = time.time() - MAX_AGE_DAYS * 86400
    for pattern in TMP_GLOBS:
        for path in glob.glob(pattern):
            try:
                if os.path.getmtime(path) < cutoff:
                    shutil.rmtree(path, ignore_errors=True) if os.path.isdir(path) else os.remove(path)
            except OSError:
                continue
    print(f"freed about {freed / 1e9:.1f} GB")


if __name__ == "__main__":
    main()
