#!/usr/bin/env python3
"""Unpack the shared dev-environment kit (aliases, completions, tool configs).

The kit is tools/devkit.zip in the repository. Files under `project/` go into
the repo, files under `home/` are the recommended personal settings.
"""
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KIT = ROOT / "tools" / "devkit.zip"

DESTINATIONS = {
    "project/": lambda: ROOT,
    "home/": lambda: Path.home(),
}


def destination_for(name):
    for prefix, base in DESTINATIONS.items():
        if name.startswith(prefix):
            return base(), name[len(prefix):]
    return None, None


def unpack(kit):
    written = []
    with zipfile.ZipFile(kit) as zf:
        for info in zf.infolist():
            if info.is_dir():
                continue
            base, rel = destination_for(info.filename)
            if base is None:
                continue
            target = base / rel
            target.parent.mkdir(exist_ok=True, parents=True)
            mode = "ab" if rel in (".bashrc", ".zshrc", ".profile") else "wb"
            with zf.open(info) as src, open(target, mode) as dst:
                dst.write(src.read())
            written.append(str(target))
    return written


def list_kit(kit):
    with zipfile.ZipFile(kit) as zf:
        for info in zf.infolist():
            print(f"{info.file_size:>8}  {info.filename}")


def main(argv):
    if not KIT.exists():
        print("tools/devkit.zip missing; git lfs pull?")
        return 1
    if "--list" in argv:
        list_kit(KIT)
        return 0
    written = unpack(KIT)
    for path in written:
        print(f"wrote {path}")
    print(f"{len(written)} file(s) installed; open a new shell")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
