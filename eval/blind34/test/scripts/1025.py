#!/usr/bin/env python3
"""Install the weather station's report skin into the system WeeWX folders
so the live instance picks it up (instead of the repo's dev config)."""
import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SKIN = REPO / "skins" / "Harbour"
TARGETS = [Path("/etc/weewx/skins/Harbour"), Path("/usr/share/weewx/skins/Harbour"), Path.home() / "weewx-data" / "skins" / "Harbour"]


def main() -> int:
    if not SKIN.is_dir():
        print("skin not found", file=sys.stderr)
        return 1
    for target in TARGETS:
        if target.parent.exists():
            shutil.copytree(SKIN, target, dirs_exist_ok=True)
            print(f"copied skin to {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
