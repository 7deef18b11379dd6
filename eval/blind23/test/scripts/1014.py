#!/usr/bin/env python3
"""Run a kiln pipeline with optional user-supplied step plugins.

Plugins are named on the command line or in KILN_PLUGINS as file paths or
dotted module names; each is executed and may register extra steps.
"""
import importlib
import os
import runpy
import sys
from pathlib import Path

STEPS = []


def register(step):
    STEPS.append(step)
    return step


def load_plugin(spec: str) -> None:
    if spec.endswith(".py") or os.sep in spec:
        namespace = runpy.run_path(str(Path(spec).expanduser()), init_globals={"register": register})
        for obj in namespace.get("STEPS", []):
            register(obj)
    else:
        module = importlib.import_module(spec)
        for obj in getattr(module, "STEPS", []):
            register(obj)


def main(argv):
    specs = argv[1:] or [s for s in os.environ.get("KILN_PLUGINS", "").split(",") if s]
    for spec in specs:
        load_plugin(spec)
    data = {"rows": 0}
    for step in STEPS:
        data = step(data)
    print(f"ran {len(STEPS)} plugin step(s): {data}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
