#!/usr/bin/env python3
"""Batch-render the level previews of `Pinebarrens` with Blender on this machine.

For each scene listed in art/previews.toml, starts
    blender --background <scene> --python tools/blender/preview.py -- <args>
as a child process (at most --jobs at a time), collects the PNGs into
build/previews/, and builds a contact sheet with ImageMagick. The child PIDs are
tracked in build/previews/.pids so `--abort` from another terminal can stop
exactly those renders.
"""
import argparse
import os
import shlex
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

GAME = Path(__file__).resolve().parents[1]
CONFIG = GAME / "art" / "previews.toml"
SCRIPT = GAME / "tools" / "blender" / "preview.py"
OUT = GAME / "build" / "previews"
PIDS = OUT / ".pids"


def load_config():
    data = tomllib.loads(CONFIG.read_text())
    defaults = data.get("defaults", {})
    scenes = []
    for name, spec in data.get("scene", {}).items():
        merged = {**defaults, **spec}
        merged["name"] = name
        scenes.append(merged)
    return scenes


def blender_argv(scene):
    blend = GAME / scene["file"]
    args = [
        "--out", str(OUT / f"{scene['name']}.png"),
        "--camera", scene.get("camera", "PreviewCam"),
        "--resolution", str(scene.get("resolution", 1280)),
        "--samples", str(scene.get("samples", 64)),
    ]
    if scene.get("hide_collections"):
        args += ["--hide", ",".join(scene["hide_collections"])]
    return ["blender", "--background", str(blend), "--python", str(SCRIPT), "--", *args]


def record_pids(procs):
    PIDS.write_text("\n".join(f"{p.pid} {name}" for name, p in procs.items()))


def abort():
    if not PIDS.exists():
        print("no renders recorded")
        return
    for line in PIDS.read_text().splitlines():
        pid_s, _, name = line.partition(" ")
        try:
            os.kill(int(pid_s), signal.SIGTERM)
            print(f"stopped {name} ({pid_s})")
        except ProcessLookupError:
            pass
    PIDS.unlink()


def render_all(scenes, jobs, verbose):
    OUT.mkdir(parents=True, exist_ok=True)
    queue = list(scenes)
    running = {}
    logs = {}
    failed = []
    started = time.monotonic()
    while queue or running:
        while queue and len(running) < jobs:
            scene = queue.pop(0)
            argv = blender_argv(scene)
            if verbose:
                print("+", shlex.join(argv))
            log = open(OUT / f"{scene['name']}.log", "w")
            logs[scene["name"]] = log
            running[scene["name"]] = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, cwd=GAME)
            record_pids(running)
            print(f"started {scene['name']}")
        for name, proc in list(running.items()):
            rc = proc.poll()
            if rc is None:
                continue
            logs.pop(name).close()
            del running[name]
            record_pids(running)
            if rc == 0:
                print(f"done    {name}")
            else:
                failed.append(name)
                print(f"FAILED  {name} (exit {rc}, see build/previews/{name}.log)")
        time.sleep(0.5)
    if PIDS.exists():
        PIDS.unlink()
    print(f"{len(scenes) - len(failed)}/{len(scenes)} rendered in {time.monotonic() - started:.0f}s")
    return failed


def contact_sheet(scenes):
    pngs = [OUT / f"{s['name']}.png" for s in scenes if (OUT / f"{s['name']}.png").exists()]
    if not pngs:
        return None
    sheet = OUT / "contact-sheet.jpg"
    argv = ["magick", "montage", *map(str, pngs), "-tile", "4x", "-geometry", "480x270+8+8",
            "-label", "%t", "-background", "#1e1e1e", "-fill", "white", str(sheet)]
    subprocess.run(argv, check=True)
    return sheet


def check_outputs(scenes, min_bytes=20_000):
    """Flag renders that are suspiciously small (usually an all-black frame)."""
    suspicious = []
    for s in scenes:
        png = OUT / f"{s['name']}.png"
        if png.exists() and png.stat().st_size < min_bytes:
            suspicious.append(s["name"])
    for name in suspicious:
        print(f"warning: {name}.png is under {min_bytes // 1000} kB; check lights/camera")
    return suspicious


def blender_version():
    try:
        out = subprocess.run(["blender", "--version"], capture_output=True, text=True, timeout=60).stdout
    except (FileNotFoundError, subprocess.TimeoutExpired):
        sys.exit("blender not found on PATH")
    first = out.splitlines()[0] if out else "unknown"
    return first.strip()


def clean():
    if not OUT.exists():
        return
    for f in OUT.iterdir():
        if f.suffix in (".png", ".log", ".jpg"):
            f.unlink()
    print("cleaned build/previews")


def main():
    ap = argparse.ArgumentParser(description="render level previews")
    ap.add_argument("scenes", nargs="*", help="scene names from art/previews.toml")
    ap.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 4) // 4))
    ap.add_argument("--abort", action="store_true")
    ap.add_argument("--clean", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    if args.abort:
        abort()
        return 0
    if args.clean:
        clean()
        return 0
    scenes = load_config()
    if args.scenes:
        scenes = [s for s in scenes if s["name"] in args.scenes]
    if not scenes:
        sys.exit("no scenes selected")
    print(blender_version())
    try:
        failed = render_all(scenes, args.jobs, args.verbose)
    except KeyboardInterrupt:
        abort()
        return 130
    check_outputs(scenes)
    sheet = contact_sheet(scenes)
    if sheet:
        print(f"contact sheet: {sheet.relative_to(GAME)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
