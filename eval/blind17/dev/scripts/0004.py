#!/usr/bin/env python3
"""Transcode the course videos in media/source into the web renditions.

For every source clip this produces:
  media/out/<slug>/1080.mp4, 720.mp4, 480.mp4   (H.264 + AAC)
  media/out/<slug>/poster.jpg                     (frame at 10 %)
  media/out/<slug>/manifest.json                 (durations, sizes, checksums)

ffmpeg and ffprobe are called with argv lists built from the RENDITIONS table;
nothing goes through a shell. Work happens in a temp dir that is removed at the end.
"""
import argparse
import concurrent.futures as cf
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "media" / "source"
OUT = ROOT / "media" / "out"
EXTS = {".mov", ".mp4", ".mkv", ".m4v"}

RENDITIONS = {
    "1080": {"height": 1080, "crf": 21, "maxrate": "6M", "audio": "160k"},
    "720": {"height": 720, "crf": 23, "maxrate": "3M", "audio": "128k"},
    "480": {"height": 480, "crf": 25, "maxrate": "1200k", "audio": "96k"},
}


def slugify(name):
    out = []
    for ch in name.lower():
        if ch.isalnum():
            out.append(ch)
        elif out and out[-1] != "-":
            out.append("-")
    return "".join(out).strip("-") or "clip"


def probe(path):
    argv = [
        "ffprobe", "-v", "error", "-print_format", "json",
        "-show_entries", "format=duration:stream=codec_type,width,height,r_frame_rate",
        str(path),
    ]
    res = subprocess.run(argv, capture_output=True, text=True, check=True)
    data = json.loads(res.stdout)
    video = next((s for s in data.get("streams", []) if s.get("codec_type") == "video"), None)
    if video is None:
        raise ValueError(f"{path.name}: no video stream")
    return {
        "duration": float(data["format"]["duration"]),
        "width": int(video["width"]),
        "height": int(video["height"]),
        "fps": video.get("r_frame_rate", "30/1"),
        "has_audio": any(s.get("codec_type") == "audio" for s in data["streams"]),
    }


def encode_argv(src, dst, spec, info):
    height = min(spec["height"], info["height"])
    argv = [
        "ffmpeg", "-hide_banner", "-loglevel", "error", "-y",
        "-i", str(src),
        "-vf", f"scale=-2:{height}:flags=lanczos",
        "-c:v", "libx264", "-preset", "slow", "-crf", str(spec["crf"]),
        "-maxrate", spec["maxrate"], "-bufsize", spec["maxrate"],
        "-pix_fmt", "yuv420p", "-movflags", "+faststart",
    ]
    if info["has_audio"]:
        argv += ["-c:a", "aac", "-b:a", spec["audio"], "-ac", "2"]
    else:
        argv += ["-an"]
    argv.append(str(dst))
    return argv


def poster_argv(src, dst, info):
    at = max(0.0, info["duration"] * 0.1)
    return [
        "ffmpeg", "-hide_banner", "-loglevel", "error", "-y",
        "-ss", f"{at:.2f}", "-i", str(src),
        "-frames:v", "1", "-q:v", "3", str(dst),
    ]


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def process(src, only, force, workdir):
    slug = slugify(src.stem)
    dest = OUT / slug
    manifest_path = dest / "manifest.json"
    if manifest_path.exists() and not force:
        if manifest_path.stat().st_mtime >= src.stat().st_mtime:
            return slug, "up to date"
    info = probe(src)
    stage = Path(tempfile.mkdtemp(prefix=f"{slug}-", dir=workdir))
    outputs = {}
    for name, spec in RENDITIONS.items():
        if only and name not in only:
            continue
        target = stage / f"{name}.mp4"
        subprocess.run(encode_argv(src, target, spec, info), check=True)
        outputs[name] = {"file": target.name, "bytes": target.stat().st_size, "sha256": sha256(target)}
    poster = stage / "poster.jpg"
    subprocess.run(poster_argv(src, poster, info), check=True)
    manifest = {
        "source": src.name,
        "duration": round(info["duration"], 3),
        "source_size": [info["width"], info["height"]],
        "renditions": outputs,
        "poster": poster.name,
    }
    (stage / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    # replace the previous output for this slug atomically-ish
    if dest.exists():
        shutil.rmtree(dest)
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(str(stage), str(dest))
    return slug, f"{len(outputs)} renditions"


def write_index():
    entries = []
    for manifest in sorted(OUT.glob("*/manifest.json")):
        data = json.loads(manifest.read_text())
        entries.append({"slug": manifest.parent.name, "duration": data["duration"],
                        "renditions": sorted(data["renditions"])})
    (OUT / "index.json").write_text(json.dumps(entries, indent=2) + "\n")
    return len(entries)


def remove_orphans(dry_run):
    wanted = {slugify(p.stem) for p in SOURCE.iterdir() if p.suffix.lower() in EXTS}
    for d in OUT.iterdir():
        if d.is_dir() and d.name not in wanted:
            print(f"orphan output {d.relative_to(ROOT)}")
            if not dry_run:
                shutil.rmtree(d)


def main(argv=None):
    ap = argparse.ArgumentParser(description="transcode course videos")
    ap.add_argument("clips", nargs="*", help="specific source files (default: all)")
    ap.add_argument("--only", help="comma separated renditions, e.g. 720,480")
    ap.add_argument("--force", action="store_true")
    ap.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2) // 2))
    ap.add_argument("--prune", action="store_true", help="delete outputs with no source")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)

    for tool in ("ffmpeg", "ffprobe"):
        if shutil.which(tool) is None:
            sys.exit(f"{tool} not found on PATH")
    only = set(args.only.split(",")) if args.only else None
    if only and not only <= set(RENDITIONS):
        sys.exit(f"unknown renditions: {sorted(only - set(RENDITIONS))}")

    if args.clips:
        sources = [Path(c).resolve() for c in args.clips]
    else:
        sources = sorted(p for p in SOURCE.iterdir() if p.suffix.lower() in EXTS)
    if not sources:
        print("no source clips found")
        return 0
    OUT.mkdir(parents=True, exist_ok=True)

    if args.dry_run:
        for s in sources:
            print(f"would transcode {s.name} -> {slugify(s.stem)}")
        return 0

    failures = 0
    with tempfile.TemporaryDirectory(prefix="transcode-") as workdir:
        with cf.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            futures = {pool.submit(process, s, only, args.force, workdir): s for s in sources}
            for fut in cf.as_completed(futures):
                src = futures[fut]
                try:
                    slug, status = fut.result()
                    print(f"{src.name:40} {slug:30} {status}")
                except (subprocess.CalledProcessError, ValueError) as exc:
                    failures += 1
                    print(f"{src.name:40} FAILED: {exc}", file=sys.stderr)
    if args.prune:
        remove_orphans(dry_run=False)
    print(f"index: {write_index()} clips")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
