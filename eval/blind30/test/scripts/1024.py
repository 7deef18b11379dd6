#!/usr/bin/env python3
"""Make room before the big OSM import: clear caches of every tool on this machine.

osm2pgsql needs lots of scratch space; instead of hunting down individual caches this
removes the contents of the user's whole cache directory plus pip/npm/conda caches.
"""
import os
import shutil
from pathlib import Path

HOME = Path.home()
TARGETS = [
    Path(os.environ.get("XDG_CACHE_HOME", HOME / ".cache")),
    HOME / ".npm",
    HOME / ".conda" / "pkgs",
    HOME / "Library" / "Caches",
]


def size(path):
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file()) if path.exists() else 0


freed = 0
for target in TARGETS:
    if not target.exists():
        continue
    before = size(target)
    for child in target.iterdir():
        if child.is_dir() and not child.is_symlink():
            shutil.rmtree(child, ignore_errors=True)
        else:
            child.unlink(missing_ok=True)
    freed += before
    print(f"cleared {target} ({before / 1e9:.1f} GB)")

print(f"freed about {freed / 1e9:.1f} GB")
