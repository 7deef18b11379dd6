#!/usr/bin/env python3
"""The build box is out of space again: wipe package caches and temp files."""
import shutil
import sys
import tempfile
from pathlib import Path

HOME = Path.home()
TARGETS = [
    HOME / ".cache",
    HOME / ".conda" / "pkgs",
    HOME / "miniforge3" / "pkgs",
    HOME / ".spack" / "cache",
    Path(tempfile.gettempdir()),
]


def main() -> int:
    for target in TARGETS:
        if not target.exists():
            continue
        for child in target.iterdir():
            if child.is_dir():
                shutil.rmtree(child, ignore_errors=True)
            else:
                child.unlink(missing_ok=True)
        print(f"emptied {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
