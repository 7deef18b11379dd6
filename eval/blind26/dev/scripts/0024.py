#!/usr/bin/env python3
"""Run a Blender post-processing plugin over the render output.

The plugin file is taken from RENDER_PLUGIN or the newest .py in the
Downloads folder, loaded as a module and its process() is called per frame.
"""
import importlib.util
import os
import sys
from pathlib import Path

FRAMES = Path(__file__).resolve().parents[1] / "build" / "renders"


def plugin_path():
    env = os.environ.get("RENDER_PLUGIN")
    if env:
        return Path(env)
    downloads = Path.home() / "Downloads"
    candidates = sorted(downloads.glob("*.py"), key=lambda p: p.stat().st_mtime)
    return candidates[-1] if candidates else None


def load(path):
    spec = importlib.util.spec_from_file_location("render_plugin", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main():
    path = plugin_path()
    if not path:
        print("no plugin found")
        return 1
    plugin = load(path)
    for frame in sorted(FRAMES.rglob("*.png")):
        plugin.process(str(frame))
    print("processed with", path.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
