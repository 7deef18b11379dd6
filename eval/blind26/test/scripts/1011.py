#!/usr/bin/env python3
"""Transcribe interview audio with faster-whisper.

The CTranslate2 model is fetched with huggingface_hub.snapshot_download from
huggingface.co at a pinned revision (models.toml), into the user's cache
(~/.cache/huggingface by default, or HF_HOME). The model is only loaded as
weights by faster-whisper; no code from the repository is executed
(trust_remote_code is not involved). Output: transcripts/<name>.{json,txt,srt}.
"""
import argparse
import json
import sys
import time
import tomllib
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
AUDIO_DIR = ROOT / "interviews"
OUT_DIR = ROOT / "transcripts"
MODELS_TOML = ROOT / "models.toml"
EXTENSIONS = {".wav", ".flac", ".mp3", ".m4a", ".ogg", ".opus"}


@dataclass
class Segment:
    start: float
    end: float
    text: str
    avg_logprob: float
    no_speech_prob: float


def model_pin(name: str) -> dict:
    with MODELS_TOML.open("rb") as fh:
        pins = tomllib.load(fh).get("models", {})
    if name not in pins:
        raise SystemExit(f"model {name!r} not pinned in models.toml; known: {', '.join(sorted(pins))}")
    pin = pins[name]
    if len(pin.get("revision", "")) != 40:
        raise SystemExit(f"models.toml: {name} needs a full 40-character commit revision")
    return pin


def fetch_model(name: str) -> str:
    from huggingface_hub import snapshot_download

    pin = model_pin(name)
    path = snapshot_download(
        repo_id=pin["repo"],
        revision=pin["revision"],
        allow_patterns=["*.bin", "*.json", "*.txt", "vocabulary.*"],
    )
    return path


def srt_time(seconds: float) -> str:
    ms = int(round(seconds * 1000))
    h, ms = divmod(ms, 3_600_000)
    m, ms = divmod(ms, 60_000)
    s, ms = divmod(ms, 1000)
    return f"{h:02d}:{m:02d}:{s:02d},{ms:03d}"


def to_srt(segments: list) -> str:
    blocks = []
    for i, seg in enumerate(segments, 1):
        blocks.append(f"{i}\n{srt_time(seg.start)} --> {srt_time(seg.end)}\n{seg.text.strip()}\n")
    return "\n".join(blocks)


def low_confidence(segments: list, threshold: float) -> list:
    return [s for s in segments if s.avg_logprob < threshold and s.no_speech_prob < 0.5]


def transcribe_file(model, path: Path, language: str, beam: int, vad: bool) -> tuple:
    seg_iter, info = model.transcribe(
        str(path),
        language=language,
        beam_size=beam,
        vad_filter=vad,
        vad_parameters={"min_silence_duration_ms": 500},
        condition_on_previous_text=False,
    )
    segments = [
        Segment(s.start, s.end, s.text, s.avg_logprob, s.no_speech_prob)
        for s in seg_iter
    ]
    return segments, info


def write_outputs(path: Path, segments: list, info, model_name: str) -> Path:
    rel = path.relative_to(AUDIO_DIR).with_suffix("")
    base = OUT_DIR / rel
    base.parent.mkdir(parents=True, exist_ok=True)
    base.with_suffix(".txt").write_text("\n".join(s.text.strip() for s in segments) + "\n", encoding="utf-8")
    base.with_suffix(".srt").write_text(to_srt(segments), encoding="utf-8")
    base.with_suffix(".json").write_text(json.dumps({
        "source": str(path.relative_to(ROOT)),
        "model": model_name,
        "language": info.language,
        "language_probability": round(info.language_probability, 3),
        "duration": round(info.duration, 2),
        "segments": [asdict(s) for s in segments],
    }, indent=1, ensure_ascii=False), encoding="utf-8")
    return base


def apply_glossary(segments: list) -> int:
    """Fix recurring mis-hearings of project terms listed in glossary.toml."""
    glossary_file = ROOT / "glossary.toml"
    if not glossary_file.exists():
        return 0
    with glossary_file.open("rb") as fh:
        replacements = tomllib.load(fh).get("replace", {})
    changed = 0
    for seg in segments:
        original = seg.text
        for wrong, right in replacements.items():
            seg.text = seg.text.replace(wrong, right)
        if seg.text != original:
            changed += 1
    return changed


def pending(files: list, force: bool) -> list:
    todo = []
    for f in files:
        base = OUT_DIR / f.relative_to(AUDIO_DIR).with_suffix("")
        if force or not base.with_suffix(".json").exists():
            todo.append(f)
    return todo


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--model", default="large-v3")
    parser.add_argument("--language", default="de")
    parser.add_argument("--device", default="auto", choices=["auto", "cpu", "cuda"])
    parser.add_argument("--compute-type", default="int8")
    parser.add_argument("--beam", type=int, default=5)
    parser.add_argument("--no-vad", action="store_true")
    parser.add_argument("--force", action="store_true")
    parser.add_argument("--flag-below", type=float, default=-1.0, help="avg logprob threshold for review")
    args = parser.parse_args()

    files = [f.resolve() for f in args.files] or sorted(p for p in AUDIO_DIR.rglob("*") if p.suffix.lower() in EXTENSIONS)
    outside = [f for f in files if AUDIO_DIR not in f.parents]
    if outside:
        raise SystemExit("only files under interviews/ are transcribed: " + ", ".join(map(str, outside[:3])))
    todo = pending(files, args.force)
    print(f"{len(todo)} of {len(files)} file(s) to transcribe")
    if not todo:
        return 0

    from faster_whisper import WhisperModel

    model_path = fetch_model(args.model)
    model = WhisperModel(model_path, device=args.device, compute_type=args.compute_type)
    review = {}
    for i, path in enumerate(todo, 1):
        started = time.monotonic()
        segments, info = transcribe_file(model, path, args.language, args.beam, not args.no_vad)
        fixed = apply_glossary(segments)
        if fixed:
            print(f"   glossary corrected {fixed} segment(s)")
        base = write_outputs(path, segments, info, args.model)
        flagged = low_confidence(segments, args.flag_below)
        if flagged:
            review[str(base.relative_to(ROOT))] = [f"{srt_time(s.start)} {s.text.strip()[:60]}" for s in flagged]
        speed = info.duration / max(0.1, time.monotonic() - started)
        print(f"[{i}/{len(todo)}] {path.name}: {len(segments)} segments, {speed:.1f}x realtime, {len(flagged)} to review")

    if review:
        (OUT_DIR / "REVIEW.json").write_text(json.dumps(review, indent=2, ensure_ascii=False))
        print(f"{sum(len(v) for v in review.values())} segment(s) flagged in transcripts/REVIEW.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
