#!/usr/bin/env python3
"""Local render queue for the trailer shots (Blender, background mode).

Shots are listed in render/shots.toml. For every shot this renders the frame
range with `blender --background <file> --python render/setup_shot.py -- ...`
(setup_shot.py is ours: it sets camera, samples and output path), split into
chunks so several Blender processes can run at once. Finished frames are
assembled into an MP4 with ffmpeg. Frame folders in render/out/ are ours and
are cleaned on --clean.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import os
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.absolute()
SHOTS = ROOT / "render" / "shots.toml"
SETUP = ROOT / "render" / "setup_shot.py"
OUT = ROOT / "render" / "out"
BLENDER = os.environ.get("BLENDER_BIN", "blender")
running: set[subprocess.Popen] = set()


@dataclass
class Shot:
    name: str
    blend: Path
    start: int
    end: int
    camera: str
    samples: int = 128

    @property
    def frames_dir(self) -> Path:
        return OUT / self.name

    def chunks(self, size: int) -> list[tuple[int, int]]:
        return [(s, min(s + size - 1, self.end)) for s in range(self.start, self.end + 1, size)]


def load_shots(selected: list[str]) -> list[Shot]:
    with SHOTS.open("rb") as fh:
        doc = tomllib.load(fh)
    shots = []
    for name, spec in doc.get("shot", {}).items():
        if selected and name not in selected:
            continue
        shots.append(
            Shot(
                name=name,
                blend=(ROOT / spec["file"]).resolve(),
                start=int(spec["start"]),
                end=int(spec["end"]),
                camera=spec.get("camera", "Camera"),
                samples=int(spec.get("samples", 128)),
            )
        )
    for shot in shots:
        if ROOT not in shot.blend.parents:
            raise SystemExit(f"{shot.name}: {shot.blend} is outside the project")
        if not shot.blend.exists():
            raise SystemExit(f"{shot.name}: {shot.blend} not found")
    return shots


def missing_frames(shot: Shot) -> list[int]:
    have = {int(p.stem.split("_")[-1]) for p in shot.frames_dir.glob("frame_*.png")}
    return [f for f in range(shot.start, shot.end + 1) if f not in have]


def render_chunk(shot: Shot, first: int, last: int, device: str) -> tuple[str, int, int, int, float]:
    shot.frames_dir.mkdir(parents=True, exist_ok=True)
    argv = [
        BLENDER, "--background", str(shot.blend),
        "--python", str(SETUP),
        "--", "--camera", shot.camera,
        "--samples", str(shot.samples),
        "--device", device,
        "--out", str(shot.frames_dir / "frame_####"),
        "--start", str(first), "--end", str(last),
    ]
    started = time.time()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    running.add(proc)
    try:
        _, err = proc.communicate()
    finally:
        running.discard(proc)
    if proc.returncode != 0:
        (shot.frames_dir / f"error_{first}_{last}.log").write_text(err)
    return shot.name, first, last, proc.returncode, time.time() - started


def encode(shot: Shot, fps: int) -> Path | None:
    if shutil.which("ffmpeg") is None:
        print("ffmpeg not found; skipping the MP4")
        return None
    movie = OUT / f"{shot.name}.mp4"
    argv = [
        "ffmpeg", "-y", "-loglevel", "error",
        "-framerate", str(fps),
        "-start_number", str(shot.start),
        "-i", str(shot.frames_dir / "frame_%04d.png"),
        "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18",
        str(movie),
    ]
    subprocess.run(argv, check=True)
    return movie


def stop_all(*_):
    for proc in list(running):
        if proc.poll() is None:
            proc.terminate()
    sys.exit(130)


def clean(shots: list[Shot]) -> None:
    for shot in shots:
        if shot.frames_dir.exists():
            shutil.rmtree(shot.frames_dir)
        (OUT / f"{shot.name}.mp4").unlink(missing_ok=True)
        print(f"cleaned {shot.name}")


def main() -> int:
    parser = argparse.ArgumentParser(formatter_class=argparse.RawDescriptionHelpFormatter, description=__doc__)
    parser.add_argument("shots", nargs="*")
    parser.add_argument("--workers", type=int, default=max(1, (os.cpu_count() or 2) // 4))
    parser.add_argument("--chunk", type=int, default=24)
    parser.add_argument("--device", choices=["CPU", "CUDA", "OPTIX", "METAL"], default="CPU")
    parser.add_argument("--fps", type=int, default=24)
    parser.add_argument("--clean", action="store_true")
    parser.add_argument("--resume", action="store_true", help="only render frames that are missing")
    args = parser.parse_args()

    signal.signal(signal.SIGINT, stop_all)
    signal.signal(signal.SIGTERM, stop_all)
    shots = load_shots(args.shots)
    if args.clean:
        clean(shots)
    jobs = []
    for shot in shots:
        todo = set(missing_frames(shot)) if args.resume else None
        for first, last in shot.chunks(args.chunk):
            if todo is not None and not any(f in todo for f in range(first, last + 1)):
                continue
            jobs.append((shot, first, last))
    print(f"{len(jobs)} chunk(s) for {len(shots)} shot(s), {args.workers} worker(s)")

    failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = [pool.submit(render_chunk, s, a, b, args.device) for s, a, b in jobs]
        for fut in concurrent.futures.as_completed(futures):
            name, first, last, code, seconds = fut.result()
            status = "ok" if code == 0 else f"exit {code}"
            print(f"{name} {first}-{last}: {status} ({seconds:.0f}s)")
            failed += code != 0

    if failed:
        print(f"{failed} chunk(s) failed; see render/out/<shot>/error_*.log")
        return 1
    for shot in shots:
        if not missing_frames(shot):
            movie = encode(shot, args.fps)
            if movie:
                print(f"wrote {movie.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
