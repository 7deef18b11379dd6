#!/usr/bin/env python3
"""Post-process tippecanoe output with optional feature hooks.

A hook is any Python snippet that defines `transform(feature) -> feature`.
The hook location comes from TILE_HOOK (a path) or TILE_HOOK_CODE (inline).
"""
import json
import os
import sys
from pathlib import Path

SRC = Path(sys.argv[1] if len(sys.argv) > 1 else "data/roads.geojson")
DST = Path("build") / (SRC.stem + ".hooked.geojson")


def load_hook():
    code = os.environ.get("TILE_HOOK_CODE")
    if not code and os.environ.get("TILE_HOOK"):
        code = Path(os.environ["TILE_HOOK"]).expanduser().read_text()
    if not code:
        return lambda feature: feature
    scope = {}
    exec(compile(code, "<tile-hook>", "exec"), scope)
    return scope.get("transform", lambda feature: feature)


def main():
    transform = load_hook()
    data = json.loads(SRC.read_text())
    features = [transform(f) for f in data.get("features", [])]
    data["features"] = [f for f in features if f]
    DST.parent.mkdir(exist_ok=True)
    DST.write_text(json.dumps(data))
    print(f"{len(data['features'])} features -> {DST}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
