#!/usr/bin/env python3
"""Run the render presets from render.yaml, including their post hooks."""
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    presets = yaml.safe_load((ROOT / "render.yaml").read_text()) or {}
    for name, preset in presets.items():
        scene = ROOT / "scenes" / preset["scene"]
        out = ROOT / "build" / "renders" / name
        out.mkdir(parents=True, exist_ok=True)
        subprocess.run(["blender", "-b", str(scene), "-o", f"{out}/frame_####", "-a"], check=True)
        hook = preset.get("post_hook")
        if hook:
            exec(hook, {"out_dir": out, "preset": preset})
        print(f"{name}: done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
