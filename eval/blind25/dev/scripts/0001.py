#!/usr/bin/env python3
"""Build vector tiles for the city basemap.

Steps:
  1. download the regional OSM extract from Geofabrik into data/osm/
     (resumable, verified against the published .md5 file)
  2. cut the extract to the project bounding box with osmium
  3. export layers to GeoJSONSeq with ogr2ogr
  4. run tippecanoe and write build/basemap.pmtiles

Configuration lives in tiles.toml next to this script.
"""
from __future__ import annotations

import argparse
import hashlib
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data" / "osm"
BUILD = ROOT / "build"
GEOFABRIK = "https://download.geofabrik.de"

log = logging.getLogger("tiles")


@dataclass
class Layer:
    name: str
    where: str
    minzoom: int = 10
    maxzoom: int = 14
    keep: list[str] = field(default_factory=list)


@dataclass
class Config:
    region: str
    bbox: tuple[float, float, float, float]
    layers: list[Layer]
    tippecanoe_extra: list[str] = field(default_factory=list)

    @classmethod
    def load(cls, path: Path) -> "Config":
        with path.open("rb") as fh:
            raw = tomllib.load(fh)
        layers = [Layer(**item) for item in raw.get("layers", [])]
        bbox = tuple(float(v) for v in raw["bbox"])
        if len(bbox) != 4:
            raise SystemExit(f"bbox in {path} must have four numbers")
        return cls(
            region=raw["region"],
            bbox=bbox,  # type: ignore[arg-type]
            layers=layers,
            tippecanoe_extra=list(raw.get("tippecanoe_extra", [])),
        )


def run(argv: list[str], **kw) -> subprocess.CompletedProcess:
    log.debug("run: %s", " ".join(argv))
    started = time.monotonic()
    proc = subprocess.run(argv, check=True, **kw)
    log.debug("done in %.1fs", time.monotonic() - started)
    return proc


def require_tools(names: list[str]) -> None:
    missing = [n for n in names if shutil.which(n) is None]
    if missing:
        raise SystemExit("missing tools: " + ", ".join(missing))


def md5_of(path: Path) -> str:
    h = hashlib.md5()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def fetch(url: str, dest: Path, attempts: int = 4) -> None:
    """Download url to dest, resuming a partial file; retry with backoff."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    part = dest.with_suffix(dest.suffix + ".part")
    for attempt in range(1, attempts + 1):
        offset = part.stat().st_size if part.exists() else 0
        req = urllib.request.Request(url, headers={"User-Agent": "basemap-build/1.3"})
        if offset:
            req.add_header("Range", f"bytes={offset}-")
        try:
            with urllib.request.urlopen(req, timeout=60) as resp, part.open("ab") as out:
                shutil.copyfileobj(resp, out, length=1 << 20)
            part.replace(dest)
            return
        except OSError as exc:
            wait = 2 ** attempt
            log.warning("download failed (%s), retry %d in %ds", exc, attempt, wait)
            time.sleep(wait)
    raise SystemExit(f"could not download {url}")


def ensure_extract(cfg: Config, refresh: bool) -> Path:
    name = cfg.region.rsplit("/", 1)[-1] + "-latest.osm.pbf"
    pbf = DATA / name
    md5_file = DATA / (name + ".md5")
    base = f"{GEOFABRIK}/{cfg.region}-latest.osm.pbf"
    if refresh:
        for stale in (pbf, md5_file):
            stale.unlink(missing_ok=True)
    if not md5_file.exists():
        fetch(base + ".md5", md5_file)
    expected = md5_file.read_text().split()[0]
    if not pbf.exists() or md5_of(pbf) != expected:
        log.info("downloading %s", base)
        fetch(base, pbf)
    actual = md5_of(pbf)
    if actual != expected:
        pbf.unlink()
        raise SystemExit(f"checksum mismatch for {pbf.name}: {actual} != {expected}")
    return pbf


def clip(pbf: Path, cfg: Config, work: Path) -> Path:
    out = work / "clip.osm.pbf"
    bbox = ",".join(str(v) for v in cfg.bbox)
    run(["osmium", "extract", "-b", bbox, str(pbf), "-o", str(out), "--overwrite"])
    return out


def export_layer(src: Path, layer: Layer, work: Path) -> Path:
    out = work / f"{layer.name}.geojsonl"
    argv = ["ogr2ogr", "-f", "GeoJSONSeq", str(out), str(src)]
    argv += ["-where", layer.where, "-overwrite", "-lco", "RS=NO"]
    if layer.keep:
        argv += ["-select", ",".join(layer.keep)]
    argv.append("lines" if layer.name in {"roads", "rail", "water_lines"} else "multipolygons")
    run(argv)
    return out


def build_tiles(cfg: Config, files: dict[str, Path], target: Path) -> None:
    argv = ["tippecanoe", "-o", str(target), "--force", "--read-parallel"]
    for layer in cfg.layers:
        spec = f"{layer.name}:{files[layer.name]}"
        argv += ["-L", spec]
    argv += ["-Z", str(min(l.minzoom for l in cfg.layers))]
    argv += ["-z", str(max(l.maxzoom for l in cfg.layers))]
    argv += cfg.tippecanoe_extra
    run(argv)


def summarize(target: Path) -> None:
    size_mb = target.stat().st_size / 1e6
    log.info("wrote %s (%.1f MB)", target.relative_to(ROOT), size_mb)
    if shutil.which("pmtiles"):
        run(["pmtiles", "show", str(target)], stdout=subprocess.DEVNULL)


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--config", type=Path, default=ROOT / "tiles.toml")
    p.add_argument("--refresh", action="store_true", help="re-download the extract")
    p.add_argument("--keep-work", action="store_true", help="keep the temp work dir")
    p.add_argument("--out", type=Path, default=BUILD / "basemap.pmtiles")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    require_tools(["osmium", "ogr2ogr", "tippecanoe"])
    cfg = Config.load(args.config)
    BUILD.mkdir(exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="tiles-", dir=BUILD))
    try:
        pbf = ensure_extract(cfg, args.refresh)
        clipped = clip(pbf, cfg, work)
        files = {layer.name: export_layer(clipped, layer, work) for layer in cfg.layers}
        tmp_target = work / args.out.name
        build_tiles(cfg, files, tmp_target)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        os.replace(tmp_target, args.out)
        summarize(args.out)
    except subprocess.CalledProcessError as exc:
        log.error("%s exited with %d", exc.cmd[0], exc.returncode)
        return exc.returncode or 1
    finally:
        if args.keep_work:
            log.info("work dir kept at %s", work)
        else:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
