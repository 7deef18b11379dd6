#!/usr/bin/env python3
"""Free disk on a developer laptop before pulling the big test images."""
import shutil
import subprocess
import tempfile
from pathlib import Path

home = Path.home()
targets = [
    home / ".cache",
    home / ".local" / "share" / "containers" / "storage" / "overlay",
    home / "Library" / "Caches",
    Path(tempfile.gettempdir()),
]

freed_before = shutil.disk_usage(home).free
for target in targets:
    if not target.exists():
        continue
    for child in target.iterdir():
        if not child.is_symlink() and child.is_dir():
            shutil.rmtree(child, ignore_errors=True)
        else:
            child.unlink(missing_ok=True)
    print(f"emptied {target}")

subprocess.run(["podman", "system", "prune", "--all", "--force", "--volumes"], check=False)
freed = (shutil.disk_usage(home).free - freed_before) / 2**30
print(f"freed {freed:.1f} GiB")
