#!/usr/bin/env python3
"""Ingest photos from a mounted memory card into the studio library.

    python tools/ingest.py /media/$USER/EOS_DIGITAL --client acme --job 2026-118

* hashes every file on the card (sha256) and copies it to
  library/<client>/<job>/originals/ with a date-based name
* verifies each copy by re-hashing the destination
* writes <file>.xmp sidecars (client, job, photographer, copyright) with
  exiftool -o so the originals keep their bytes
* records everything in library/<client>/<job>/manifest.csv
The card itself is only read. Formatting it is left to the camera once the
NAS backup of the job has finished.
"""
import argparse
import concurrent.futures as cf
import csv
import datetime as dt
import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

STUDIO = Path(__file__).resolve().parents[1]
LIBRARY = STUDIO / "library"
EXTENSIONS = {".cr3", ".cr2", ".nef", ".arw", ".raf", ".dng", ".jpg", ".jpeg", ".heic", ".mp4", ".mov"}
SETTINGS = STUDIO / "studio.json"


def sha256(path, bufsize=4 * 1024 * 1024):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        while chunk := fh.read(bufsize):
            h.update(chunk)
    return h.hexdigest()


def exif_dates(paths):
    """One exiftool call for all files; returns {path: datetime or None}."""
    if not paths:
        return {}
    argv = ["exiftool", "-json", "-q", "-DateTimeOriginal", "-CreateDate", "-d", "%Y-%m-%dT%H:%M:%S",
            *map(str, paths)]
    out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
    result = {}
    for row in json.loads(out or "[]"):
        value = row.get("DateTimeOriginal") or row.get("CreateDate")
        try:
            result[row["SourceFile"]] = dt.datetime.fromisoformat(value) if value else None
        except ValueError:
            result[row["SourceFile"]] = None
    return result


def plan(card, dest, dates):
    jobs = []
    used = set()
    for src in sorted(card.rglob("*")):
        if not src.is_file() or src.suffix.lower() not in EXTENSIONS:
            continue
        when = dates.get(str(src)) or dt.datetime.fromtimestamp(src.stat().st_mtime)
        base = when.strftime("%Y%m%d_%H%M%S")
        name = f"{base}_{src.stem}{src.suffix.lower()}"
        n = 1
        while name in used:
            n += 1
            name = f"{base}_{src.stem}-{n}{src.suffix.lower()}"
        used.add(name)
        jobs.append((src, dest / name, when))
    return jobs


def copy_one(job):
    src, dst, when = job
    src_hash = sha256(src)
    if dst.exists():
        if sha256(dst) == src_hash:
            return src, dst, src_hash, "exists"
        raise RuntimeError(f"{dst.name} exists with different content")
    tmp = dst.with_suffix(dst.suffix + ".part")
    shutil.copy2(src, tmp)
    if sha256(tmp) != src_hash:
        tmp.unlink()
        raise RuntimeError(f"verification failed for {src}")
    os.replace(tmp, dst)
    return src, dst, src_hash, "copied"


def write_sidecar(dst, meta):
    sidecar = dst.with_suffix(dst.suffix + ".xmp")
    if sidecar.exists():
        return False
    argv = ["exiftool", "-q", "-o", str(sidecar),
            f"-XMP-dc:Creator={meta['photographer']}",
            f"-XMP-dc:Rights={meta['copyright']}",
            f"-XMP-dc:Subject+={meta['client']}",
            f"-XMP-dc:Subject+={meta['job']}",
            str(dst)]
    subprocess.run(argv, check=True)
    return True


def card_summary(card):
    """Print what is on the card per folder before copying."""
    per_dir = {}
    total = 0
    for p in card.rglob("*"):
        if p.is_file() and p.suffix.lower() in EXTENSIONS:
            key = str(p.parent.relative_to(card))
            per_dir[key] = per_dir.get(key, 0) + 1
            total += p.stat().st_size
    for folder, n in sorted(per_dir.items()):
        print(f"  {folder:<30} {n:5d}")
    print(f"  {'total':<30} {total / 1e9:8.2f} GB")
    return total


def main():
    ap = argparse.ArgumentParser(description="card ingest into the studio library")
    ap.add_argument("card", type=Path)
    ap.add_argument("--client", required=True)
    ap.add_argument("--job", required=True)
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--no-sidecars", action="store_true")
    args = ap.parse_args()

    if not (args.card / "DCIM").is_dir():
        sys.exit(f"{args.card} has no DCIM folder")
    for value in (args.client, args.job):
        if not value.replace("-", "").replace("_", "").isalnum():
            sys.exit(f"invalid name: {value}")
    if shutil.which("exiftool") is None:
        sys.exit("exiftool is required")
    settings = json.loads(SETTINGS.read_text()) if SETTINGS.exists() else {}
    meta = {
        "photographer": settings.get("photographer", "Studio"),
        "copyright": f"© {dt.date.today().year} {settings.get('studio_name', 'Studio')}",
        "client": args.client,
        "job": args.job,
    }

    dest = LIBRARY / args.client / args.job / "originals"
    dest.mkdir(parents=True, exist_ok=True)
    needed = card_summary(args.card)
    if shutil.disk_usage(dest).free < needed * 1.05:
        sys.exit("not enough free space in the library for this card")
    sources = [p for p in args.card.rglob("*") if p.is_file() and p.suffix.lower() in EXTENSIONS]
    print(f"{len(sources)} files on card")
    jobs = plan(args.card, dest, exif_dates(sources))

    rows, failed = [], 0
    with cf.ThreadPoolExecutor(max_workers=args.workers) as pool:
        for fut in cf.as_completed([pool.submit(copy_one, j) for j in jobs]):
            try:
                src, dst, digest, state = fut.result()
            except RuntimeError as exc:
                print(f"  ERROR {exc}", file=sys.stderr)
                failed += 1
                continue
            rows.append([str(src.relative_to(args.card)), dst.name, digest, state])

    sidecars = 0
    if not args.no_sidecars:
        for _, name, _, _ in rows:
            sidecars += write_sidecar(dest / name, meta)

    manifest = dest.parent / "manifest.csv"
    new_file = not manifest.exists()
    with manifest.open("a", newline="") as fh:
        w = csv.writer(fh)
        if new_file:
            w.writerow(["card_path", "library_name", "sha256", "state"])
        w.writerows(sorted(rows))
    copied = sum(1 for r in rows if r[3] == "copied")
    print(f"copied {copied}, already present {len(rows) - copied}, failed {failed}, sidecars {sidecars}")
    print(f"manifest: {manifest.relative_to(STUDIO)}")
    if failed:
        print("do NOT format the card until the failures are resolved")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
