#!/usr/bin/env python3
"""Free disk space before a large snakemake run on the workstation.

Clears conda's package cache, pip's cache, the singularity image cache and
everything in the temp directory.
"""
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HOME = Path.home()
CACHES = [
    HOME / ".cache" / "pip",
    HOME / ".singularity" / "cache",
    HOME / ".apptainer" / "cache",
    HOME / ".cache" / "snakemake",
]


def main() -> int:
    before = shutil.disk_usage(HOME).free
    for cache in CACHES:
        if cache.exists():
            shutil.rmtree(cache, ignore_errors=True)
            print(f"cleared {cache}")
    tmp = Path(tempfile.gettempdir())
    for entry in tmp.iterdir():
        if entry.is_dir():
            shutil.rmtree(entry, ignore_errors=True)
        else:
            entry.unlink(missing_ok=True)
    subprocess.run(["conda", "clean", "--all", "--yes"], check=False)
    freed = (shutil.disk_usage(HOME).free - before) / 1e9
    print(f"freed {freed:.1f} GB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
