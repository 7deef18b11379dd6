#!/usr/bin/env python3
"""Make thumbnails and strip EXIF from user-facing photos in content/media.

Uses Pillow in-process (no shelling out). For every JPEG/PNG under
content/media it writes:
    content/media/.thumbs/<name>-<size>.webp
and, with --strip-exif, rewrites the original without GPS/camera metadata
after copying it to .media-originals/ (git-ignored) so it can be restored.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from PIL import Image, ImageOps

ROOT = Path(__file__).resolve().parents[1]
MEDIA = ROOT / "content" / "media"
THUMBS = MEDIA / ".thumbs"
ORIGINALS = ROOT / ".media-originals"
INDEX = THUMBS / "index.json"
SIZES = (320, 640, 1280)
EXTS = {".jpg", ".jpeg", ".png"}


def digest(path: Path) -> str:
    h = hashlib.blake2b(digest_size=12)
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def photos(root: Path) -> list[Path]:
    items = []
    for p in sorted(root.rglob("*")):
        if ".thumbs" in p.parts or not p.is_file():
            continue
        if p.suffix.lower() in EXTS:
            items.append(p)
    return items


def thumb_path(src: Path, size: int) -> Path:
    rel = src.relative_to(MEDIA).with_suffix("")
    return THUMBS / f"{rel.as_posix().replace('/', '__')}-{size}.webp"


def make_thumbs(src_str: str, quality: int) -> tuple[str, list[str]]:
    src = Path(src_str)
    outputs = []
    with Image.open(src) as im:
        im = ImageOps.exif_transpose(im)
        if im.mode not in ("RGB", "RGBA"):
            im = im.convert("RGBA" if "A" in im.getbands() else "RGB")
        for size in SIZES:
            if im.width <= size:
                continue
            copy = im.copy()
            copy.thumbnail((size, size * 4), Image.Resampling.LANCZOS)
            out = thumb_path(src, size)
            out.parent.mkdir(exist_ok=True, parents=True)
            copy.save(out, "WEBP", quality=quality, method=6)
            outputs.append(str(out))
    return src_str, outputs


def strip_exif(src: Path) -> bool:
    with Image.open(src) as im:
        exif = im.getexif()
        if not exif:
            return False
        keep = ImageOps.exif_transpose(im)
        backup = ORIGINALS / src.relative_to(MEDIA)
        backup.parent.mkdir(exist_ok=True, parents=True)
        if not backup.exists():
            shutil.copy2(src, backup)
        params = {"quality": 92, "optimize": True} if src.suffix.lower() in (".jpg", ".jpeg") else {"optimize": True}
        tmp = src.with_name(src.name + ".tmp")
        keep.save(tmp, format=im.format, **params)
    tmp.replace(src)
    return True


def restore_originals() -> int:
    if not ORIGINALS.exists():
        print("no originals saved")
        return 0
    n = 0
    for p in ORIGINALS.rglob("*"):
        if p.is_file():
            dest = MEDIA / p.relative_to(ORIGINALS)
            dest.parent.mkdir(exist_ok=True, parents=True)
            shutil.copy2(p, dest)
            n += 1
    print(f"restored {n} originals into content/media")
    return n


def load_index() -> dict:
    if INDEX.exists():
        return json.loads(INDEX.read_text())
    return {}


def prune_thumbs(index: dict, live: set[str]) -> int:
    removed = 0
    for src in list(index):
        if src in live:
            continue
        for out in index.pop(src).get("outputs", []):
            p = Path(out)
            if THUMBS in p.parents and p.exists():
                p.unlink()
                removed += 1
    return removed


def gps_report(paths: list[Path]) -> list[str]:
    """List photos that still carry GPS coordinates (EXIF tag 34853)."""
    flagged = []
    for p in paths:
        try:
            with Image.open(p) as im:
                if im.getexif().get_ifd(0x8825):
                    flagged.append(str(p.relative_to(ROOT)))
        except OSError:
            continue
    return flagged


def main() -> int:
    ap = argparse.ArgumentParser(description="thumbnails + EXIF stripping for content/media")
    ap.add_argument("--gps-report", action="store_true", help="only list photos with GPS data")
    ap.add_argument("--quality", type=int, default=80)
    ap.add_argument("--strip-exif", action="store_true")
    ap.add_argument("--restore", action="store_true", help="copy saved originals back")
    ap.add_argument("--rebuild", action="store_true", help="ignore the index and redo all thumbs")
    ap.add_argument("--workers", type=int, default=0)
    opts = ap.parse_args()
    if opts.restore:
        restore_originals()
        return 0
    if not MEDIA.is_dir():
        print(f"{MEDIA} does not exist", file=sys.stderr)
        return 1
    if opts.gps_report:
        flagged = gps_report(photos(MEDIA))
        print("\n".join(flagged) or "no GPS metadata found")
        return 1 if flagged else 0
    index = {} if opts.rebuild else load_index()
    todo = []
    live = set()
    for p in photos(MEDIA):
        key = str(p)
        live.add(key)
        fp = digest(p)
        if index.get(key, {}).get("digest") == fp:
            continue
        todo.append((p, fp))
    stripped = 0
    if opts.strip_exif:
        for p, _ in todo:
            stripped += strip_exif(p)
    workers = opts.workers or None
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(make_thumbs, str(p), opts.quality): fp for p, fp in todo}
        for fut in as_completed(futures):
            src, outputs = fut.result()
            index[src] = {"digest": digest(Path(src)), "outputs": outputs}
    removed = prune_thumbs(index, live)
    THUMBS.mkdir(parents=True, exist_ok=True)
    INDEX.write_text(json.dumps(index, indent=1, sort_keys=True))
    print(f"{len(todo)} processed, {stripped} EXIF stripped, {removed} stale thumbs removed")
    if stripped:
        print("originals kept in .media-originals/ (restore with --restore)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
