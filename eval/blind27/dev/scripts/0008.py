#!/usr/bin/env python3
"""Package an accession directory as a BagIt bag for the repository ingest.

  tools/make_bag.py staging/accession_2026_014 --out build/bags
  tools/make_bag.py build/bags/accession_2026_014 --validate-only

The source directory is copied into a temporary staging dir (we never bag in
place, so the original accession stays untouched), bag-info.txt is filled from
accessions.yaml, the bag is validated, then tarred. The staging dir is removed
afterwards. Bags bigger than --split-gb are rejected, ingest cannot take them.
"""
import argparse
import datetime
import hashlib
import os
import shutil
import sys
import tarfile
import tempfile
from pathlib import Path

import bagit
import yaml

ROOT = Path(__file__).resolve().parents[1]
ACCESSIONS = ROOT / "accessions.yaml"
DEFAULT_OUT = ROOT / "build" / "bags"
CHECKSUMS = ["sha256", "sha512"]
IGNORED = {".DS_Store", "Thumbs.db", "desktop.ini"}


def human(n):
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if n < 1024:
            return f"{n:.1f}{unit}"
        n /= 1024
    return f"{n:.1f}PB"


def dir_size(path):
    total = 0
    for dirpath, _dirs, files in os.walk(path):
        for f in files:
            fp = os.path.join(dirpath, f)
            if not os.path.islink(fp):
                total += os.path.getsize(fp)
    return total


def accession_info(name):
    data = yaml.safe_load(ACCESSIONS.read_text()) if ACCESSIONS.exists() else {}
    entry = (data or {}).get(name)
    if not entry:
        raise SystemExit(f"{name} not described in {ACCESSIONS.name}; add it first")
    info = {
        "Source-Organization": entry.get("organization", "University Archives"),
        "Contact-Name": entry.get("contact", "Digital Collections"),
        "External-Identifier": name,
        "External-Description": entry.get("description", ""),
        "Bagging-Date": datetime.date.today().isoformat(),
        "Internal-Sender-Identifier": entry.get("donor_ref", ""),
    }
    return {k: v for k, v in info.items() if v}


def copy_tree(src, dst):
    def ignore(_dir, names):
        return [n for n in names if n in IGNORED or n.startswith("._")]
    shutil.copytree(src, dst, symlinks=False, ignore=ignore)


def sha256_file(path, chunk=1 << 20):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def make_tar(bag_dir, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    tar_path = out_dir / f"{bag_dir.name}.tar"
    tmp = tar_path.with_suffix(".tar.part")
    with tarfile.open(tmp, "w") as tar:
        tar.add(bag_dir, arcname=bag_dir.name)
    os.replace(tmp, tar_path)
    digest = sha256_file(tar_path)
    (out_dir / f"{bag_dir.name}.tar.sha256").write_text(f"{digest}  {tar_path.name}\n")
    return tar_path, digest


def validate_bag(path, fast=False):
    bag = bagit.Bag(str(path))
    try:
        bag.validate(fast=fast)
    except bagit.BagValidationError as exc:
        print(f"INVALID: {exc}", file=sys.stderr)
        for d in getattr(exc, "details", [])[:20]:
            print(f"  {d}", file=sys.stderr)
        return False
    print(f"valid bag: {path} ({len(list(bag.payload_files()))} payload files)")
    return True


def manifest_report(bag_dir, out_dir):
    """Write a small human-readable report next to the tar for the ingest ticket."""
    manifest = bag_dir / "manifest-sha256.txt"
    if not manifest.exists():
        return None
    by_ext = {}
    total = 0
    for line in manifest.read_text().splitlines():
        _digest, _, rel = line.partition("  ")
        ext = Path(rel).suffix.lower() or "(none)"
        size = (bag_dir / rel).stat().st_size
        count, nbytes = by_ext.get(ext, (0, 0))
        by_ext[ext] = (count + 1, nbytes + size)
        total += size
    report = out_dir / f"{bag_dir.name}.report.txt"
    with report.open("w") as fh:
        fh.write(f"bag: {bag_dir.name}\n")
        fh.write(f"payload: {human(total)}\n\n")
        fh.write(f"{'ext':<10}{'files':>8}{'size':>12}\n")
        for ext, (count, nbytes) in sorted(by_ext.items(), key=lambda kv: -kv[1][1]):
            fh.write(f"{ext:<10}{count:>8}{human(nbytes):>12}\n")
    return report


def build(src, out_dir, split_gb, keep_dir, processes):
    name = src.name
    size = dir_size(src)
    print(f"accession {name}: {human(size)}")
    if size > split_gb * 1024 ** 3:
        raise SystemExit(f"{name} is larger than {split_gb} GB; split it before bagging")
    info = accession_info(name)
    staging = Path(tempfile.mkdtemp(prefix=f"bag-{name}-", dir=ROOT / "build"))
    bag_dir = staging / name
    try:
        copy_tree(src, bag_dir)
        bagit.make_bag(str(bag_dir), bag_info=info, checksums=CHECKSUMS, processes=processes)
        if not validate_bag(bag_dir):
            raise SystemExit("freshly made bag failed validation")
        tar_path, digest = make_tar(bag_dir, out_dir)
        print(f"tar: {tar_path.relative_to(ROOT)} sha256={digest[:16]}...")
        report = manifest_report(bag_dir, out_dir)
        if report:
            print(f"report: {report.relative_to(ROOT)}")
        if keep_dir:
            final = out_dir / name
            if final.exists():
                shutil.rmtree(final)
            shutil.move(str(bag_dir), final)
            print(f"bag directory kept at {final.relative_to(ROOT)}")
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description="BagIt packager")
    ap.add_argument("path", type=Path)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--validate-only", action="store_true")
    ap.add_argument("--fast", action="store_true", help="only check Payload-Oxum when validating")
    ap.add_argument("--split-gb", type=float, default=200.0)
    ap.add_argument("--keep-dir", action="store_true")
    ap.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()

    path = args.path.resolve()
    if not path.is_dir():
        raise SystemExit(f"not a directory: {path}")
    if args.validate_only:
        return 0 if validate_bag(path, fast=args.fast) else 1
    out = args.out.resolve()
    if ROOT not in out.parents:
        raise SystemExit(f"--out must be inside the project ({ROOT})")
    (ROOT / "build").mkdir(exist_ok=True)
    build(path, out, args.split_gb, args.keep_dir, args.processes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
