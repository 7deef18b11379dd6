#!/usr/bin/env python3
"""Import a shoot from the tethered camera into the project.

1. `gphoto2 --auto-detect` to find the camera, `--list-files` to plan
2. download into import/<date>/ with gphoto2 (files stay on the card;
   wiping the card is done on the camera itself, never from here)
3. read EXIF with exiftool -json and write an XMP sidecar per file with the
   shoot's keywords and photographer from shoot.yaml (originals untouched)
4. optional previews with darktable-cli into build/previews/
"""
import argparse
import datetime as dt
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

PROJECT = Path(__file__).resolve().parents[1]
IMPORT_ROOT = PROJECT / "import"
PREVIEWS = PROJECT / "build" / "previews"
RAW_EXT = {".cr3", ".cr2", ".nef", ".arw", ".raf", ".dng", ".orf"}
XMP_TEMPLATE = """<?xpacket begin='' id='W5M0MpCehiHzreSzNTczkc9d'?>
<x:xmpmeta xmlns:x='adobe:ns:meta/'>
 <rdf:RDF xmlns:rdf='{rdf}'>
  <rdf:Description rdf:about='' xmlns:dc='{dc}' xmlns:xmp='{xmp}'>
   <dc:creator><rdf:Seq><rdf:li>{creator}</rdf:li></rdf:Seq></dc:creator>
   <dc:subject><rdf:Bag>{keywords}</rdf:Bag></dc:subject>
   <xmp:Rating>{rating}</xmp:Rating>
   <xmp:CreateDate>{created}</xmp:CreateDate>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end='w'?>
"""
NS = {"rdf": "urn:rdf-syntax-ns", "dc": "urn:dc-elements-1.1", "xmp": "urn:xmp-1.0"}


def need(tool):
    path = shutil.which(tool)
    if not path:
        sys.exit(f"{tool} is required (apt install {tool})")
    return path


def run(argv, **kw):
    res = subprocess.run(argv, capture_output=True, text=True, **kw)
    if res.returncode != 0:
        sys.exit(f"{argv[0]} failed ({res.returncode}): {res.stderr.strip()[:400]}")
    return res.stdout


def detect_camera(gphoto):
    out = run([gphoto, "--auto-detect"])
    lines = [l for l in out.splitlines()[2:] if l.strip()]
    if not lines:
        sys.exit("no camera detected; is it in PTP mode and unlocked?")
    if len(lines) > 1:
        print("several cameras found, using the first:", lines[0].strip())
    model, port = re.split(r"\s{2,}", lines[0].strip())[:2]
    return model, port


def list_files(gphoto, port):
    out = run([gphoto, "--port", port, "--list-files"])
    files = []
    folder = None
    for line in out.splitlines():
        m = re.match(r"There (?:are|is) \d+ files? in folder '(.+)'", line)
        if m:
            folder = m.group(1)
            continue
        m = re.match(r"#(\d+)\s+(\S+)", line)
        if m and folder:
            files.append((int(m.group(1)), folder, m.group(2)))
    return files


def download(gphoto, port, dest, numbers):
    dest.mkdir(parents=True, exist_ok=True)
    pattern = str(dest / "%Y%m%d_%H%M%S_%f.%C")
    ranges = ",".join(str(n) for n in numbers)
    run([gphoto, "--port", port, "--get-file", ranges, "--filename", pattern, "--skip-existing"],
        cwd=dest)


def read_exif(exiftool, paths):
    if not paths:
        return []
    out = run([exiftool, "-json", "-n", "-DateTimeOriginal", "-Model", "-LensModel",
               "-FNumber", "-ExposureTime", "-ISO", *map(str, paths)])
    return json.loads(out)


def write_sidecar(path, meta, shoot):
    created = meta.get("DateTimeOriginal", "").replace(":", "-", 2).replace(" ", "T")
    kws = "".join(f"<rdf:li>{k}</rdf:li>" for k in shoot.get("keywords", []))
    xmp = XMP_TEMPLATE.format(creator=shoot.get("photographer", ""), keywords=kws,
                              rating=shoot.get("default_rating", 0), created=created, **NS)
    sidecar = path.with_suffix(path.suffix + ".xmp")
    if sidecar.exists() and not shoot.get("overwrite_sidecars", False):
        return False
    sidecar.write_text(xmp)
    return True


def previews(darktable, files, width):
    PREVIEWS.mkdir(parents=True, exist_ok=True)
    made = 0
    for f in files:
        out = PREVIEWS / (f.stem + ".jpg")
        if out.exists():
            continue
        xmp = f.with_suffix(f.suffix + ".xmp")
        argv = [darktable, str(f)]
        if xmp.exists():
            argv.append(str(xmp))
        argv += [str(out), "--width", str(width), "--hq", "false",
                 "--core", "--configdir", str(PROJECT / "build" / ".darktable")]
        if subprocess.run(argv, capture_output=True).returncode == 0:
            made += 1
    return made


def free_space_ok(dest, files, margin_gb=2.0):
    """Rough check: assume 60 MB per raw file, 15 MB otherwise."""
    need_bytes = sum(60e6 if Path(name).suffix.lower() in RAW_EXT else 15e6 for _, _, name in files)
    dest.mkdir(parents=True, exist_ok=True)
    free = shutil.disk_usage(dest).free
    if free - need_bytes < margin_gb * 1e9:
        print(f"not enough space: need ~{need_bytes / 1e9:.1f} GB, free {free / 1e9:.1f} GB")
        return False
    return True


def main():
    ap = argparse.ArgumentParser(description="camera import into the project")
    ap.add_argument("--shoot", type=Path, default=PROJECT / "shoot.yaml")
    ap.add_argument("--date", default=dt.date.today().isoformat())
    ap.add_argument("--raw-only", action="store_true")
    ap.add_argument("--previews", action="store_true")
    ap.add_argument("--width", type=int, default=1600)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    shoot = yaml.safe_load(args.shoot.read_text()) if args.shoot.exists() else {}
    gphoto, exiftool = need("gphoto2"), need("exiftool")
    model, port = detect_camera(gphoto)
    print(f"camera: {model} on {port}")
    files = list_files(gphoto, port)
    if args.raw_only:
        files = [f for f in files if Path(f[2]).suffix.lower() in RAW_EXT]
    print(f"{len(files)} files on card")
    dest = IMPORT_ROOT / args.date
    if args.dry_run:
        for n, folder, name in files[:20]:
            print(f"  #{n:<5} {folder}/{name} -> {dest.relative_to(PROJECT)}/")
        return 0

    if not free_space_ok(dest, files):
        return 1
    download(gphoto, port, dest, [n for n, _, _ in files])
    imported = sorted(p for p in dest.iterdir() if p.suffix.lower() != ".xmp")
    written = 0
    for meta in read_exif(exiftool, imported):
        if write_sidecar(Path(meta["SourceFile"]), meta, shoot):
            written += 1
    print(f"imported {len(imported)} files into {dest.relative_to(PROJECT)}, {written} sidecars")
    if args.previews:
        darktable = need("darktable-cli")
        raws = [p for p in imported if p.suffix.lower() in RAW_EXT]
        print(f"rendered {previews(darktable, raws, args.width)} previews")
    tmp_cfg = PROJECT / "build" / ".darktable"
    if tmp_cfg.exists():
        shutil.rmtree(tmp_cfg)
    return 0


if __name__ == "__main__":
    sys.exit(main())
