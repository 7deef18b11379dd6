#!/usr/bin/env python3
"""Optimise raster images under assets/ for the web build.

* resizes anything wider than --max-width with ImageMagick (`magick`)
* strips metadata, re-encodes JPEG/PNG at the configured quality
* writes a .webp sibling with `cwebp`
* keeps originals in .asset-backup/<timestamp>/ so a run can be undone with --restore

Only paths under the project's assets/ directory are ever touched.
"""
import argparse
import hashlib
import json
import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
ASSETS = PROJECT / "assets"
BACKUP_ROOT = PROJECT / ".asset-backup"
MANIFEST = PROJECT / ".asset-cache.json"
EXTS = {".jpg", ".jpeg", ".png"}
DEFAULTS = {"max_width": 1920, "jpeg_quality": 82, "webp_quality": 78}


def log(*a):
    print("[assets]", *a, file=sys.stderr)


def need(tool):
    if shutil.which(tool) is None:
        sys.exit(f"missing required tool: {tool}")


def load_config():
    cfg = dict(DEFAULTS)
    pkg = PROJECT / "package.json"
    if pkg.exists():
        data = json.loads(pkg.read_text())
        cfg.update(data.get("assetOptimizer", {}))
    return cfg


def fingerprint(path: Path) -> str:
    return hashlib.sha1(path.read_bytes()).hexdigest()


def load_manifest():
    if MANIFEST.exists():
        return json.loads(MANIFEST.read_text())
    return {}


def save_manifest(data):
    MANIFEST.write_text(json.dumps(data, indent=1, sort_keys=True))


def inside_assets(path: Path) -> bool:
    try:
        path.resolve().relative_to(ASSETS.resolve())
        return True
    except ValueError:
        return False


def collect(paths):
    roots = [Path(p) for p in paths] or [ASSETS]
    out = []
    for root in roots:
        root = root if root.is_absolute() else PROJECT / root
        if not inside_assets(root):
            sys.exit(f"{root} is not inside {ASSETS}")
        if root.is_file():
            out.append(root)
            continue
        for p in sorted(root.rglob("*")):
            if p.suffix.lower() in EXTS and p.is_file():
                out.append(p)
    return out


def image_width(path: Path) -> int:
    res = subprocess.run(["magick", "identify", "-format", "%w", str(path)],
                         capture_output=True, text=True, check=True)
    return int(res.stdout.strip() or 0)


def backup(path: Path, stamp: str) -> Path:
    dest = BACKUP_ROOT / stamp / path.relative_to(ASSETS)
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(path, dest)
    return dest


def optimise(path: Path, cfg: dict, dry_run: bool) -> list:
    argv = ["magick", str(path), "-strip"]
    if image_width(path) > cfg["max_width"]:
        argv += ["-resize", f"{cfg['max_width']}x>"]
    if path.suffix.lower() in {".jpg", ".jpeg"}:
        argv += ["-quality", str(cfg["jpeg_quality"]), "-sampling-factor", "4:2:0"]
    else:
        argv += ["-define", "png:compression-level=9"]
    argv.append(str(path))
    webp = ["cwebp", "-quiet", "-q", str(cfg["webp_quality"]), str(path),
            "-o", str(path.with_suffix(".webp"))]
    if dry_run:
        return [shlex.join(argv), shlex.join(webp)]
    subprocess.run(argv, check=True)
    subprocess.run(webp, check=True)
    return []


def restore(stamp: str) -> int:
    src_root = BACKUP_ROOT / stamp
    if not src_root.is_dir():
        sys.exit(f"no backup named {stamp}; have: {sorted(p.name for p in BACKUP_ROOT.iterdir())}")
    n = 0
    for src in src_root.rglob("*"):
        if src.is_file():
            dest = ASSETS / src.relative_to(src_root)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest)
            webp = dest.with_suffix(".webp")
            if webp.exists():
                webp.unlink()
            n += 1
    log(f"restored {n} files from {stamp}")
    return 0


def prune_backups(keep: int) -> None:
    if not BACKUP_ROOT.is_dir():
        return
    stamps = sorted(p for p in BACKUP_ROOT.iterdir() if p.is_dir())
    for old in stamps[:-keep] if keep else stamps:
        log(f"removing old backup {old.name}")
        shutil.rmtree(old)


def main():
    ap = argparse.ArgumentParser(description="optimise images in assets/")
    ap.add_argument("paths", nargs="*")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--force", action="store_true", help="ignore the fingerprint cache")
    ap.add_argument("--restore", metavar="STAMP")
    ap.add_argument("--keep-backups", type=int, default=3)
    args = ap.parse_args()
    if args.restore:
        return restore(args.restore)
    need("magick")
    need("cwebp")
    cfg = load_config()
    manifest = {} if args.force else load_manifest()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    files = collect(args.paths)
    done = skipped = 0
    before = after = 0
    for path in files:
        rel = str(path.relative_to(PROJECT))
        if manifest.get(rel) == fingerprint(path):
            skipped += 1
            continue
        if args.dry_run:
            for line in optimise(path, cfg, True):
                print(line)
            continue
        before += path.stat().st_size
        backup(path, stamp)
        try:
            optimise(path, cfg, False)
        except subprocess.CalledProcessError as exc:
            log(f"failed on {rel}: {exc}; original kept in backup {stamp}")
            continue
        after += path.stat().st_size
        manifest[rel] = fingerprint(path)
        done += 1
    if not args.dry_run:
        save_manifest(manifest)
        prune_backups(args.keep_backups)
    saved = (before - after) / 1024
    log(f"{done} optimised, {skipped} unchanged, saved {saved:.0f} KiB; undo: --restore {stamp}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
