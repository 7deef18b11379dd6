#!/usr/bin/env python3
"""tmp_resize_images.py - generate thumbnails for static/img into static/img/thumbs."""
from pathlib import Path

from PIL import Image

SRC = Path("static/img")
DST = SRC / "thumbs"
DST.mkdir(exist_ok=True)

for p in SRC.glob("*.[jp][pn]g"):
    out = DST / p.name
    if out.exists() and out.stat().st_mtime >= p.stat().st_mtime:
        continue
    with Image.open(p) as im:
        im.thumbnail((320, 320))
        im.save(out, optimize=True)
    print("thumb", out)
