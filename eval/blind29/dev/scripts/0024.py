#!/usr/bin/env python3
"""Install the freshly built brand fonts so LibreOffice and Inkscape see them."""
import shutil
import subprocess
import sys
from pathlib import Path

BUILD = Path(__file__).resolve().parent.parent / "build" / "fonts"
TARGETS = [
    Path.home() / ".local" / "share" / "fonts" / "brand",
    Path("/usr/local/share/fonts/brand"),
]


def main():
    fonts = sorted(BUILD.glob("*.[ot]tf"))
    if not fonts:
        print("no fonts in build/fonts; run fontmake first", file=sys.stderr)
        return 1
    for target in TARGETS:
        try:
            target.mkdir(parents=True, exist_ok=True)
        except PermissionError:
            print(f"skip {target}: no permission", file=sys.stderr)
            continue
        for f in fonts:
            shutil.copy2(f, target / f.name)
        print(f"copied {len(fonts)} fonts to {target}")
    subprocess.run(["fc-cache", "-f"], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
