#!/usr/bin/env python3
"""Point the local RetroArch install at the project's test fixtures.

Rewrites a few keys in the user's retroarch.cfg so the emulator opens the
fixture ROMs and writes screenshots where the visual tests expect them.
"""
import os
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
CFG = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "retroarch" / "retroarch.cfg"

OVERRIDES = {
    "rgui_browser_directory": PROJECT / "test" / "fixtures" / "roms",
    "screenshot_directory": PROJECT / "build" / "screenshots",
    "savestate_directory": PROJECT / "build" / "states",
    "video_driver": "gl",
}


def main():
    lines = CFG.read_text().splitlines() if CFG.exists() else []
    seen = set()
    out = []
    for line in lines:
        key = line.split("=", 1)[0].strip()
        if key in OVERRIDES:
            out.append(f'{key} = "{OVERRIDES[key]}"')
            seen.add(key)
        else:
            out.append(line)
    for key, value in OVERRIDES.items():
        if key not in seen:
            out.append(f'{key} = "{value}"')
    CFG.parent.mkdir(parents=True, exist_ok=True)
    CFG.write_text("\n".join(out) + "\n")
    print(f"updated {len(OVERRIDES)} keys in {CFG}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
