#!/usr/bin/env python3
"""Split a survey point cloud into tiles and build a ground/DTM product per tile.

Pipeline per input file:
  * ``pdal info --summary`` to get the bounds and point count
  * grid of tiles (default 500 m) with a small buffer to avoid edge artefacts
  * per tile: crop -> SMRF ground classification -> writers.las (LAZ) and
    writers.gdal (GeoTIFF DTM), run in a process pool
  * a tile index (GeoJSON) for QGIS

All intermediate pipelines live in a temp dir that is deleted at the end;
products go to build/tiles/<input-stem>/.  ``--clean`` removes that folder
before starting.

    python3 tools/tile_cloud.py data/survey_2024.laz --tile 500 --resolution 0.5
"""
import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
BUILD = PROJECT / "build" / "tiles"


def log(msg):
    print(f"{time.strftime('%H:%M:%S')} {msg}", file=sys.stderr, flush=True)


def pdal_info(path):
    proc = subprocess.run(["pdal", "info", "--summary", str(path)],
                          capture_output=True, text=True, check=True)
    summary = json.loads(proc.stdout)["summary"]
    b = summary["bounds"]
    return {
        "minx": b["minx"], "miny": b["miny"], "maxx": b["maxx"], "maxy": b["maxy"],
        "count": summary.get("num_points", 0),
        "srs": (summary.get("srs") or {}).get("horizontal", ""),
    }


def tile_grid(info, size, buffer):
    tiles = []
    x0 = math.floor(info["minx"] / size) * size
    y0 = math.floor(info["miny"] / size) * size
    nx = math.ceil((info["maxx"] - x0) / size)
    ny = math.ceil((info["maxy"] - y0) / size)
    for ix in range(nx):
        for iy in range(ny):
            minx, miny = x0 + ix * size, y0 + iy * size
            tiles.append({
                "id": f"{int(minx)}_{int(miny)}",
                "core": (minx, miny, minx + size, miny + size),
                "buffered": (minx - buffer, miny - buffer, minx + size + buffer, miny + size + buffer),
            })
    return tiles


def bounds_str(b):
    return f"([{b[0]:.2f}, {b[2]:.2f}], [{b[1]:.2f}, {b[3]:.2f}])"


def tile_pipeline(src, tile, out_dir, resolution):
    laz = out_dir / f"{tile['id']}.laz"
    dtm = out_dir / f"{tile['id']}_dtm.tif"
    return {
        "pipeline": [
            {"type": "readers.las", "filename": str(src)},
            {"type": "filters.crop", "bounds": bounds_str(tile["buffered"])},
            {"type": "filters.outlier", "method": "statistical", "mean_k": 8, "multiplier": 3.0},
            {"type": "filters.smrf", "ignore": "Classification[7:7]", "slope": 0.2, "window": 16},
            {"type": "filters.crop", "bounds": bounds_str(tile["core"])},
            {"type": "writers.las", "filename": str(laz), "compression": "laszip",
             "forward": "all", "extra_dims": "all"},
            {"type": "filters.range", "limits": "Classification[2:2]"},
            {"type": "writers.gdal", "filename": str(dtm), "resolution": resolution,
             "output_type": "idw", "gdaldriver": "GTiff",
             "gdalopts": "COMPRESS=DEFLATE,TILED=YES"},
        ]
    }, laz, dtm


def run_tile(spec_path, tile_id, laz, dtm):
    started = time.monotonic()
    proc = subprocess.run(["pdal", "pipeline", str(spec_path)], capture_output=True, text=True)
    if proc.returncode != 0:
        return {"id": tile_id, "ok": False, "error": proc.stderr.strip()[-300:]}
    empty = not laz.exists() or laz.stat().st_size < 1024
    if empty:
        for f in (laz, dtm):
            if f.exists():
                f.unlink()  # our own empty output
    return {"id": tile_id, "ok": True, "empty": empty,
            "seconds": round(time.monotonic() - started, 1)}


def write_index(tiles, results, out_dir, srs):
    done = {r["id"] for r in results if r.get("ok") and not r.get("empty")}
    features = []
    for t in tiles:
        if t["id"] not in done:
            continue
        minx, miny, maxx, maxy = t["core"]
        features.append({
            "type": "Feature",
            "properties": {"id": t["id"], "laz": f"{t['id']}.laz", "dtm": f"{t['id']}_dtm.tif"},
            "geometry": {"type": "Polygon", "coordinates": [[
                [minx, miny], [maxx, miny], [maxx, maxy], [minx, maxy], [minx, miny]]]},
        })
    index = {"type": "FeatureCollection", "features": features}
    if srs:
        index["crs_wkt"] = srs
    (out_dir / "tile_index.geojson").write_text(json.dumps(index))
    return len(features)


def free_space_ok(folder, source, factor=3.0):
    """Products are roughly the size of the input; require some headroom."""
    usage = shutil.disk_usage(folder)
    need = source.stat().st_size * factor
    if usage.free < need:
        log(f"only {usage.free / 2**30:.1f} GiB free, want {need / 2**30:.1f} GiB")
        return False
    return True


def check_tools():
    missing = [tool for tool in ("pdal",) if shutil.which(tool) is None]
    if missing:
        sys.exit("missing tools: " + ", ".join(missing) + " (conda env in environment.yml)")


def main():
    check_tools()
    ap = argparse.ArgumentParser(description="tile a point cloud and build DTMs")
    ap.add_argument("source", type=Path)
    ap.add_argument("--tile", type=float, default=500.0)
    ap.add_argument("--buffer", type=float, default=20.0)
    ap.add_argument("--resolution", type=float, default=1.0)
    ap.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    ap.add_argument("--clean", action="store_true")
    args = ap.parse_args()

    src = args.source.resolve()
    if not src.is_file():
        sys.exit(f"{src} not found")
    out_dir = BUILD / src.stem
    if args.clean and out_dir.exists():
        log(f"removing previous products in {out_dir.relative_to(PROJECT)}")
        shutil.rmtree(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    if not free_space_ok(out_dir, src):
        return 3

    info = pdal_info(src)
    tiles = tile_grid(info, args.tile, args.buffer)
    log(f"{info['count']:,} points, {len(tiles)} tiles of {args.tile:g} m")

    results = []
    with tempfile.TemporaryDirectory(prefix="pdal-tiles-") as tmp:
        jobs = []
        for tile in tiles:
            pipeline, laz, dtm = tile_pipeline(src, tile, out_dir, args.resolution)
            spec = Path(tmp) / f"{tile['id']}.json"
            spec.write_text(json.dumps(pipeline))
            jobs.append((spec, tile["id"], laz, dtm))
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            futures = [pool.submit(run_tile, *job) for job in jobs]
            for n, fut in enumerate(as_completed(futures), 1):
                res = fut.result()
                results.append(res)
                if not res["ok"]:
                    log(f"tile {res['id']} failed: {res['error']}")
                elif n % 10 == 0 or n == len(futures):
                    log(f"{n}/{len(futures)} tiles done")

    written = write_index(tiles, results, out_dir, info["srs"])
    failed = [r for r in results if not r["ok"]]
    (out_dir / "run.json").write_text(json.dumps({"source": str(src.relative_to(PROJECT)) if PROJECT in src.parents else src.name,
                                                   "tiles": results}, indent=1))
    log(f"{written} non-empty tiles, {len(failed)} failures -> {out_dir.relative_to(PROJECT)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
