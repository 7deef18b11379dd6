#!/usr/bin/env python3
"""Build the cycling-network PMTiles from an OSM extract.

Pipeline
  osmium tags-filter  -> only cycle-relevant ways and relations
  osmium export       -> GeoJSONSeq with a project export config
  tippecanoe          -> build/cycling.mbtiles (two layers)
  pmtiles convert     -> public/tiles/cycling.pmtiles

The extract path comes from pipeline.json; downloading it is a separate
documented step (make fetch-osm). The intermediate directory is created
next to the output and deleted afterwards unless --keep-intermediate.
A lock file prevents two concurrent builds from clobbering each other.
"""
import argparse
import contextlib
import fcntl
import json
import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

REPO_DIR = Path(__file__).resolve().parents[1]
CONF_PATH = REPO_DIR / "pipeline.json"
BUILD_DIR = REPO_DIR / "build"
PUBLIC_TILES = REPO_DIR / "public" / "tiles"
LOCK_PATH = BUILD_DIR / ".cycling.lock"

FILTERS = [
    "w/highway=cycleway",
    "w/bicycle=designated,yes",
    "w/cycleway",
    "w/cycleway:left,cycleway:right,cycleway:both",
    "r/route=bicycle",
]


class Timer:
    def __init__(self, label: str):
        self.label = label

    def __enter__(self):
        self.start = time.perf_counter()
        print(f"-> {self.label}", flush=True)
        return self

    def __exit__(self, *exc):
        print(f"   {self.label}: {time.perf_counter() - self.start:.1f}s", flush=True)


@contextlib.contextmanager
def build_lock():
    BUILD_DIR.mkdir(exist_ok=True)
    with LOCK_PATH.open("w") as fh:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise SystemExit("another cycling build is running (build/.cycling.lock)")
        fh.write(str(os.getpid()))
        fh.flush()
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)
    LOCK_PATH.unlink(missing_ok=True)


def run(argv: list[str]) -> None:
    print("   $ " + shlex.join(argv), flush=True)
    subprocess.run(argv, check=True)


def load_conf() -> dict:
    conf = json.loads(CONF_PATH.read_text())
    extract = REPO_DIR / conf["extract"]
    if not extract.exists():
        raise SystemExit(f"{extract.relative_to(REPO_DIR)} missing; run `make fetch-osm` first")
    conf["extract_path"] = extract
    conf.setdefault("minzoom", 6)
    conf.setdefault("maxzoom", 15)
    return conf


def export_config(inter: Path) -> Path:
    cfg = {
        "attributes": {"type": False, "id": True, "version": False, "changeset": False},
        "linear_tags": ["highway", "cycleway", "bicycle", "surface", "name", "route", "network"],
        "area_tags": False,
        "exclude_tags": ["created_by", "source", "note", "fixme"],
    }
    path = inter / "export.json"
    path.write_text(json.dumps(cfg))
    return path


def split_layers(src: Path, inter: Path) -> tuple[Path, Path]:
    """Route relations and plain ways become separate tippecanoe layers."""
    ways, routes = inter / "ways.geojsonl", inter / "routes.geojsonl"
    with src.open() as fin, ways.open("w") as fw, routes.open("w") as fr:
        for line in fin:
            line = line.strip().lstrip("\x1e")
            if not line:
                continue
            feature = json.loads(line)
            props = feature.get("properties", {})
            (fr if props.get("route") == "bicycle" else fw).write(json.dumps(feature) + "\n")
    return ways, routes


def build(conf: dict, inter: Path) -> Path:
    filtered = inter / "cycling.osm.pbf"
    with Timer("filter"):
        run(["osmium", "tags-filter", str(conf["extract_path"]), *FILTERS, "-o", str(filtered), "--overwrite"])
    exported = inter / "cycling.geojsonseq"
    with Timer("export"):
        run(["osmium", "export", str(filtered), "-c", str(export_config(inter)),
             "-f", "geojsonseq", "-o", str(exported), "--overwrite"])
    ways, routes = split_layers(exported, inter)
    mbtiles = inter / "cycling.mbtiles"
    with Timer("tippecanoe"):
        run([
            "tippecanoe", "-o", str(mbtiles), "--force",
            "-Z", str(conf["minzoom"]), "-z", str(conf["maxzoom"]),
            "--drop-smallest-as-needed", "--simplification=4",
            "-L", f"ways:{ways}", "-L", f"routes:{routes}",
            "--name=cycling", "--attribution=© OpenStreetMap contributors",
        ])
    PUBLIC_TILES.mkdir(parents=True, exist_ok=True)
    target = PUBLIC_TILES / "cycling.pmtiles"
    with Timer("pmtiles"):
        tmp = target.with_suffix(".pmtiles.tmp")
        run(["pmtiles", "convert", str(mbtiles), str(tmp)])
        os.replace(tmp, target)
    return target


def feature_counts(inter: Path) -> dict[str, int]:
    """Line counts of the two layer files, for the build summary."""
    counts = {}
    for name in ("ways", "routes"):
        path = inter / f"{name}.geojsonl"
        if path.exists():
            with path.open() as fh:
                counts[name] = sum(1 for _ in fh)
    return counts


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--keep-intermediate", action="store_true")
    args = parser.parse_args()
    for tool in ("osmium", "tippecanoe", "pmtiles"):
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} not installed")
    conf = load_conf()
    inter = BUILD_DIR / "cycling-intermediate"
    with build_lock():
        if inter.exists():
            shutil.rmtree(inter)
        inter.mkdir(parents=True)
        try:
            target = build(conf, inter)
            for layer, n in feature_counts(inter).items():
                print(f"   {layer}: {n} features")
        finally:
            if not args.keep_intermediate:
                shutil.rmtree(inter, ignore_errors=True)
    print(f"done: {target.relative_to(REPO_DIR)} ({target.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except subprocess.CalledProcessError as exc:
        print(f"step failed: {exc.cmd[0]} exit {exc.returncode}", file=sys.stderr)
        sys.exit(1)
