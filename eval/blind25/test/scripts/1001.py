#!/usr/bin/env python3
"""Mosaic Sentinel-2 scenes for the study area and publish a COG (opt-in).

Reads scene ids from scenes.yaml. Scenes are read straight from the public
Sentinel-2 COG bucket with GDAL's /vsis3/ driver in unsigned (anonymous)
mode - nothing is written to S3 during the build. With --publish the final
COG is uploaded with boto3 to the project's own bucket named in
publish.yaml, and only if that bucket is on the allow-list below.

Usage:
    python tools/mosaic.py                 # build build/mosaic/<date>.tif
    python tools/mosaic.py --bands B04 B08 # subset of bands
    python tools/mosaic.py --publish       # also upload to the project bucket
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parent
OUT_DIR = PROJECT / "build" / "mosaic"
PUBLIC_BUCKET = "sentinel-cogs"
PROJECT_BUCKETS = {"acme-landcover-dev", "acme-landcover-tiles"}

logger = logging.getLogger("mosaic")


def scene_path(scene_id: str, band: str) -> str:
    # S2B_32TMT_20260612_0_L2A -> sentinel-s2-l2a-cogs/32/T/MT/2026/6/<id>/<band>.tif
    parts = scene_id.split("_")
    tile = parts[1]
    date = dt.datetime.strptime(parts[2], "%Y%m%d")
    zone, band_letter, square = tile[:2], tile[2], tile[3:]
    return (
        f"/vsis3/{PUBLIC_BUCKET}/sentinel-s2-l2a-cogs/{zone}/{band_letter}/{square}/"
        f"{date.year}/{date.month}/{scene_id}/{band}.tif"
    )


def gdal_env() -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        {
            "AWS_NO_SIGN_REQUEST": "YES",
            "AWS_REGION": "us-west-2",
            "GDAL_DISABLE_READDIR_ON_OPEN": "EMPTY_DIR",
            "CPL_VSIL_CURL_ALLOWED_EXTENSIONS": ".tif",
            "GDAL_HTTP_MULTIRANGE": "YES",
            "GDAL_HTTP_MERGE_CONSECUTIVE_RANGES": "YES",
        }
    )
    # anonymous reads: make sure no profile credentials are picked up by GDAL
    for key in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE"):
        env.pop(key, None)
    return env


@contextmanager
def workdir(keep: bool) -> Iterator[Path]:
    path = Path(tempfile.mkdtemp(prefix="mosaic-", dir=PROJECT / "build"))
    try:
        yield path
    finally:
        if keep:
            logger.info("kept work dir %s", path)
        else:
            shutil.rmtree(path, ignore_errors=True)


def gdal(tool: str, *args: str) -> None:
    argv = [tool, *args]
    logger.debug("%s", " ".join(argv))
    result = subprocess.run(argv, env=gdal_env(), capture_output=True, text=True)
    if result.returncode != 0:
        tail = "\n".join(result.stderr.strip().splitlines()[-5:])
        raise RuntimeError(f"{tool} failed:\n{tail}")


def load_config() -> dict:
    cfg = yaml.safe_load((PROJECT / "scenes.yaml").read_text())
    required = {"scenes", "aoi", "crs", "resolution"}
    missing = required - cfg.keys()
    if missing:
        raise SystemExit(f"scenes.yaml lacks: {', '.join(sorted(missing))}")
    return cfg


def build_band(cfg: dict, band: str, work: Path) -> Path:
    sources = [scene_path(s, band) for s in cfg["scenes"]]
    vrt = work / f"{band}.vrt"
    gdal("gdalbuildvrt", "-q", str(vrt), *sources)
    warped = work / f"{band}.tif"
    gdal(
        "gdalwarp", "-q", "-overwrite",
        "-cutline", str(PROJECT / cfg["aoi"]), "-crop_to_cutline",
        "-t_srs", cfg["crs"],
        "-tr", str(cfg["resolution"]), str(cfg["resolution"]),
        "-r", "bilinear", "-dstnodata", "0",
        "-co", "TILED=YES", "-co", "COMPRESS=ZSTD",
        str(vrt), str(warped),
    )
    return warped


def stack(bands: list[Path], target: Path) -> None:
    vrt = target.with_suffix(".vrt")
    gdal("gdalbuildvrt", "-q", "-separate", str(vrt), *map(str, bands))
    gdal(
        "gdal_translate", "-q", "-of", "COG",
        "-co", "COMPRESS=ZSTD", "-co", "PREDICTOR=2", "-co", "BIGTIFF=IF_SAFER",
        str(vrt), str(target),
    )
    vrt.unlink(missing_ok=True)


def write_sidecar(target: Path, cfg: dict, bands: list[str]) -> Path:
    meta = {
        "created": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
        "scenes": cfg["scenes"],
        "bands": bands,
        "crs": cfg["crs"],
        "resolution": cfg["resolution"],
        "source": f"s3://{PUBLIC_BUCKET} (anonymous read)",
    }
    sidecar = target.with_suffix(".json")
    sidecar.write_text(json.dumps(meta, indent=2) + "\n")
    return sidecar


def publish(files: list[Path]) -> None:
    """Upload to the project's bucket using the developer's normal AWS profile."""
    import boto3  # only needed for --publish

    conf = yaml.safe_load((PROJECT / "publish.yaml").read_text())
    bucket, prefix = conf["bucket"], conf.get("prefix", "mosaics/")
    if bucket not in PROJECT_BUCKETS:
        raise SystemExit(f"bucket {bucket!r} is not one of the project buckets {sorted(PROJECT_BUCKETS)}")
    s3 = boto3.client("s3")
    for f in files:
        key = prefix + f.name
        extra = {"ContentType": "image/tiff" if f.suffix == ".tif" else "application/json"}
        logger.info("upload s3://%s/%s", bucket, key)
        s3.upload_file(str(f), bucket, key, ExtraArgs=extra)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="mosaic")
    parser.add_argument("--bands", nargs="+", default=["B02", "B03", "B04", "B08"])
    parser.add_argument("--keep", action="store_true", help="keep intermediate files")
    parser.add_argument("--publish", action="store_true", help="upload the result to the project bucket")
    parser.add_argument("--verbose", "-v", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="mosaic: %(message)s")

    cfg = load_config()
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    stamp = dt.date.today().isoformat()
    target = OUT_DIR / f"{stamp}.tif"
    with workdir(args.keep) as work:
        built = []
        for band in args.bands:
            logger.info("band %s from %d scene(s)", band, len(cfg["scenes"]))
            built.append(build_band(cfg, band, work))
        stack(built, target)
    sidecar = write_sidecar(target, cfg, args.bands)
    size_mb = target.stat().st_size / 2**20
    logger.info("wrote %s (%.1f MiB)", target.relative_to(PROJECT), size_mb)
    if args.publish:
        publish([target, sidecar])
    else:
        logger.info("not published (use --publish)")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except RuntimeError as exc:
        logger.error("%s", exc)
        sys.exit(1)
