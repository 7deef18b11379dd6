#!/usr/bin/env python3
"""Load custom telemetry conversions from whatever plugin file is given.

Operators drop small Python conversion functions into a folder they share;
this evaluates each file and registers the functions it defines.
"""
import importlib.util
import sys
from pathlib import Path

PLUGIN_DIR = Path(sys.argv[1] if len(sys.argv) > 1 else "/srv/shared/conversions")


def load_all() -> dict:
    registry = {}
    for path in sorted(PLUGIN_DIR.glob("*.py")):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for name in dir(module):
            if name.startswith("convert_"):
                registry[name] = getattr(module, name)
    return registry


if __name__ == "__main__":
    funcs = load_all()
    print(f"{len(funcs)} conversion(s) from {PLUGIN_DIR}")
    for name in sorted(funcs):
        print(f"  {name}")
