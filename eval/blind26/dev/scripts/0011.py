#!/usr/bin/env python3
"""Batch transcription of interview recordings with whisper.cpp.

1. Ensures the ggml model is present in the user cache
   (~/.cache/interview-tools/models), downloading it from huggingface.co and
   verifying the SHA-256 listed in models.lock.json. Nothing is executed from
   the download; it is a weights file passed to whisper-cli with -m.
2. Converts each recording to 16 kHz mono WAV with sox into a temp dir.
3. Runs whisper-cli per file, writing VTT + TXT to transcripts/.
The temp dir is removed at exit.
"""
import argparse
import atexit
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
LOCK = PROJECT / "models.lock.json"
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "interview-tools" / "models"
MODEL_BASE = "https://huggingface.co/ggerganov/whisper.cpp/resolve/main"
WHISPER = os.environ.get("WHISPER_CLI", str(PROJECT / "vendor" / "whisper.cpp" / "build" / "bin" / "whisper-cli"))
AUDIO_EXT = {".wav", ".flac", ".mp3", ".m4a", ".ogg"}

_tmpdirs: list[Path] = []


@atexit.register
def _cleanup() -> None:
    for d in _tmpdirs:
        shutil.rmtree(d, ignore_errors=True)


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        while True:
            block = fh.read(1 << 20)
            if not block:
                break
            h.update(block)
    return h.hexdigest()


def ensure_model(name: str) -> Path:
    lock = json.loads(LOCK.read_text())
    if name not in lock:
        sys.exit(f"model {name} not pinned in models.lock.json")
    expected = lock[name]["sha256"]
    CACHE.mkdir(parents=True, exist_ok=True)
    target = CACHE / f"ggml-{name}.bin"
    if target.exists() and sha256(target) == expected:
        return target
    url = f"{MODEL_BASE}/ggml-{name}.bin"
    print(f"downloading {url}")
    fd, tmp = tempfile.mkstemp(dir=CACHE, suffix=".part")
    os.close(fd)
    tmp_path = Path(tmp)
    try:
        with urllib.request.urlopen(url, timeout=60) as resp, tmp_path.open("wb") as out:
            total = int(resp.headers.get("Content-Length", 0))
            got = 0
            while chunk := resp.read(1 << 20):
                out.write(chunk)
                got += len(chunk)
                if total:
                    print(f"\r  {got * 100 // total:3d}%", end="", flush=True)
        print()
        actual = sha256(tmp_path)
        if actual != expected:
            raise SystemExit(f"checksum mismatch for {name}: {actual}")
        os.replace(tmp_path, target)
    finally:
        if tmp_path.exists():
            tmp_path.unlink()
    return target


def to_wav16k(src: Path, workdir: Path) -> Path:
    dst = workdir / (src.stem + ".16k.wav")
    cmd = ["sox", str(src), "-r", "16000", "-c", "1", "-b", "16", str(dst)]
    if src.suffix.lower() in {".m4a", ".mp3"}:
        cmd = ["ffmpeg", "-loglevel", "error", "-y", "-i", str(src), "-ar", "16000", "-ac", "1", str(dst)]
    subprocess.run(cmd, check=True)
    return dst


def transcribe(wav: Path, model: Path, outbase: Path, lang: str, threads: int) -> None:
    outbase.parent.mkdir(parents=True, exist_ok=True)
    cmd = [WHISPER, "-m", str(model), "-f", str(wav), "-l", lang, "-t", str(threads),
           "-ovtt", "-otxt", "-of", str(outbase)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip().splitlines()[-1] if proc.stderr else "whisper failed")


def vtt_to_segments(vtt: Path) -> list[dict]:
    """Parse whisper's VTT output into start/end/text rows for the CSV index."""
    segments = []
    lines = vtt.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        if "-->" in line:
            start, _, end = line.partition("-->")
            text = []
            i += 1
            while i < len(lines) and lines[i].strip():
                text.append(lines[i].strip())
                i += 1
            segments.append({"start": start.strip(), "end": end.strip(), "text": " ".join(text)})
        i += 1
    return segments


def write_index(outroot: Path) -> None:
    import csv

    rows = []
    for vtt in sorted(outroot.rglob("*.vtt")):
        for seg in vtt_to_segments(vtt):
            rows.append({"file": str(vtt.relative_to(outroot)), **seg})
    with (outroot / "index.csv").open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=["file", "start", "end", "text"])
        writer.writeheader()
        writer.writerows(rows)


def collect(inputs: list[str]) -> list[Path]:
    files = []
    for item in inputs:
        p = (PROJECT / item).resolve() if not os.path.isabs(item) else Path(item)
        if p.is_dir():
            files += sorted(f for f in p.rglob("*") if f.suffix.lower() in AUDIO_EXT)
        elif p.suffix.lower() in AUDIO_EXT:
            files.append(p)
    return files


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("inputs", nargs="+", help="files or folders, e.g. recordings/")
    ap.add_argument("--model", default="base.en")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 4) - 1))
    ap.add_argument("--out", default="transcripts")
    ap.add_argument("--force", action="store_true")
    opts = ap.parse_args()

    if not Path(WHISPER).exists() and shutil.which(WHISPER) is None:
        sys.exit(f"{WHISPER} not found; build vendor/whisper.cpp with `make -C vendor/whisper.cpp`")
    for tool in ("sox", "ffmpeg"):
        if shutil.which(tool) is None:
            sys.exit(f"{tool} not installed")

    model = ensure_model(opts.model)
    work = Path(tempfile.mkdtemp(prefix="transcribe-"))
    _tmpdirs.append(work)
    outroot = PROJECT / opts.out
    failures = []
    files = collect(opts.inputs)
    if not files:
        print("no audio files found")
        return 0

    for i, src in enumerate(files, 1):
        rel = src.relative_to(PROJECT) if PROJECT in src.parents else Path(src.name)
        outbase = outroot / rel.with_suffix("")
        if outbase.with_suffix(".vtt").exists() and not opts.force:
            print(f"[{i}/{len(files)}] {rel}: already transcribed")
            continue
        print(f"[{i}/{len(files)}] {rel}")
        try:
            wav = to_wav16k(src, work)
            transcribe(wav, model, outbase, opts.lang, opts.threads)
            wav.unlink()
        except (subprocess.CalledProcessError, RuntimeError) as exc:
            print(f"   failed: {exc}", file=sys.stderr)
            failures.append(str(rel))

    if failures:
        (outroot / "FAILED.txt").write_text("\n".join(failures) + "\n")
    if outroot.exists():
        write_index(outroot)
    print(f"done: {len(files) - len(failures)} ok, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
