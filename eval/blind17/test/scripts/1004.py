#!/usr/bin/env python3
"""Master the podcast episodes of `Late Commit` for publishing.

    episodes/<nn>-<slug>/raw.wav + chapters.txt  ->  publish/<nn>-<slug>.mp3 (+ .json)

Steps per episode, all via ffmpeg/ffprobe argv lists:
  1. two-pass EBU R128 loudness normalisation to -16 LUFS (measure, then apply)
  2. encode MP3 (CBR 128k, 44.1 kHz, mono) with ID3 tags and embedded cover
  3. write chapters as ID3 CHAP frames via an ffmetadata file
  4. write a JSON sidecar with duration, size and sha256 for the RSS generator
Intermediate files live in a TemporaryDirectory.
"""
import argparse
import hashlib
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHOW = HERE.parent
EPISODES = SHOW / "episodes"
PUBLISH = SHOW / "publish"
COVER = SHOW / "art" / "cover-3000.jpg"

TARGET = {"I": -16.0, "TP": -1.5, "LRA": 11.0}
ENCODE = ["-c:a", "libmp3lame", "-b:a", "128k", "-ar", "44100", "-ac", "1"]
CHAPTER_RE = re.compile(r"^(\d{1,2}):(\d{2})(?::(\d{2}))?\s+(.+)$")


def run(argv, capture=False):
    res = subprocess.run(argv, capture_output=capture, text=True)
    if res.returncode != 0:
        msg = res.stderr[-2000:] if capture else ""
        raise RuntimeError(f"{argv[0]} failed ({res.returncode}) {msg}")
    return res


def measure(src: Path) -> dict:
    flt = f"loudnorm=I={TARGET['I']}:TP={TARGET['TP']}:LRA={TARGET['LRA']}:print_format=json"
    res = run(["ffmpeg", "-hide_banner", "-nostats", "-i", str(src), "-af", flt, "-f", "null", "-"], capture=True)
    blob = res.stderr[res.stderr.rfind("{"): res.stderr.rfind("}") + 1]
    return json.loads(blob)


def normalise(src: Path, dst: Path, m: dict) -> None:
    flt = (
        f"loudnorm=I={TARGET['I']}:TP={TARGET['TP']}:LRA={TARGET['LRA']}"
        f":measured_I={m['input_i']}:measured_TP={m['input_tp']}"
        f":measured_LRA={m['input_lra']}:measured_thresh={m['input_thresh']}"
        f":offset={m['target_offset']}:linear=true"
    )
    run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-i", str(src), "-af", flt,
         "-ar", "48000", str(dst)])


def parse_chapters(path: Path, duration: float) -> list[tuple[float, float, str]]:
    if not path.exists():
        return []
    marks = []
    for line in path.read_text().splitlines():
        m = CHAPTER_RE.match(line.strip())
        if not m:
            continue
        a, b, c, title = m.groups()
        secs = int(a) * 3600 + int(b) * 60 + int(c) if c else int(a) * 60 + int(b)
        marks.append((float(secs), title.strip()))
    marks.sort()
    out = []
    for i, (start, title) in enumerate(marks):
        end = marks[i + 1][0] if i + 1 < len(marks) else duration
        out.append((start, end, title))
    return out


def metadata_file(tmp: Path, tags: dict, chapters) -> Path:
    lines = [";FFMETADATA1"]
    for k, v in tags.items():
        lines.append(f"{k}={str(v).replace('=', '\\=').replace(';', '\\;')}")
    for start, end, title in chapters:
        lines += ["[CHAPTER]", "TIMEBASE=1/1000", f"START={int(start * 1000)}", f"END={int(end * 1000)}", f"title={title}"]
    p = tmp / "meta.txt"
    p.write_text("\n".join(lines) + "\n")
    return p


def duration_of(path: Path) -> float:
    res = run(["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", str(path)], capture=True)
    return float(res.stdout.strip())


def encode(src: Path, meta: Path, dst: Path) -> None:
    argv = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-i", str(src), "-i", str(meta)]
    if COVER.exists():
        argv += ["-i", str(COVER), "-map", "0:a", "-map", "2:v", "-c:v", "mjpeg", "-disposition:v", "attached_pic"]
    else:
        argv += ["-map", "0:a"]
    argv += ["-map_metadata", "1", "-map_chapters", "1", *ENCODE, "-id3v2_version", "3", str(dst)]
    run(argv)


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(4 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def episode_tags(folder: Path) -> dict:
    num, _, slug = folder.name.partition("-")
    info = folder / "episode.json"
    extra = json.loads(info.read_text()) if info.exists() else {}
    return {
        "title": extra.get("title", slug.replace("-", " ").title()),
        "artist": "Late Commit",
        "album": "Late Commit",
        "track": int(num),
        "genre": "Podcast",
        "comment": extra.get("summary", ""),
    }


def process(folder: Path, force: bool) -> str:
    raw = folder / "raw.wav"
    if not raw.exists():
        return "no raw.wav"
    out = PUBLISH / f"{folder.name}.mp3"
    if out.exists() and not force and out.stat().st_mtime > raw.stat().st_mtime:
        return "up to date"
    with tempfile.TemporaryDirectory(prefix=f"master-{folder.name}-") as t:
        tmp = Path(t)
        m = measure(raw)
        norm = tmp / "norm.wav"
        normalise(raw, norm, m)
        dur = duration_of(norm)
        chapters = parse_chapters(folder / "chapters.txt", dur)
        meta = metadata_file(tmp, episode_tags(folder), chapters)
        PUBLISH.mkdir(exist_ok=True)
        encode(norm, meta, out)
    sidecar = {"file": out.name, "duration": round(dur, 2), "bytes": out.stat().st_size,
               "sha256": sha256(out), "chapters": len(chapters), "input_lufs": float(m["input_i"])}
    out.with_suffix(".json").write_text(json.dumps(sidecar, indent=2) + "\n")
    return f"{dur / 60:.1f} min, {len(chapters)} chapters, {float(m['input_i']):.1f} -> {TARGET['I']} LUFS"


def verify(out: Path) -> list[str]:
    """Re-measure a published file; loudness must land within 1 LU of the target."""
    problems = []
    m = measure(out)
    if abs(float(m["input_i"]) - TARGET["I"]) > 1.0:
        problems.append(f"integrated loudness {m['input_i']} LUFS")
    if float(m["input_tp"]) > TARGET["TP"] + 0.5:
        problems.append(f"true peak {m['input_tp']} dBTP")
    return problems


def main() -> int:
    ap = argparse.ArgumentParser(description="master podcast episodes")
    ap.add_argument("--verify", action="store_true", help="re-measure outputs after encoding")
    ap.add_argument("episodes", nargs="*", help="folder names under episodes/ (default: all)")
    ap.add_argument("--force", action="store_true", help="re-master even if up to date")
    args = ap.parse_args()
    folders = sorted(p for p in EPISODES.iterdir() if p.is_dir())
    if args.episodes:
        folders = [f for f in folders if f.name in args.episodes]
    failed = 0
    for folder in folders:
        try:
            print(f"{folder.name:32} {process(folder, args.force)}")
            out = PUBLISH / f"{folder.name}.mp3"
            if args.verify and out.exists():
                for problem in verify(out):
                    print(f"{'':32} check: {problem}")
        except RuntimeError as exc:
            failed += 1
            print(f"{folder.name:32} FAILED {exc}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
