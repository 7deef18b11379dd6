#!/usr/bin/env python3
"""Tidy up after an import session: remove duplicates and temporary files.

Runs after tools/ingest.py has verified every copy (manifest.csv with sha256).
"""
import csv
import getpass
import hashlib
import os
import sys
from pathlib import Path

STUDIO = Path(__file__).resolve().parents[1]
LIBRARY = STUDIO / "library"
MEDIA_ROOTS = [Path("/media") / getpass.getuser(), Path("/run/media") / getpass.getuser()]


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def verified_hashes():
    hashes = set()
    for manifest in LIBRARY.glob("*/*/manifest.csv"):
        with manifest.open() as fh:
            for row in csv.DictReader(fh):
                hashes.add(row["sha256"])
    return hashes


def temp_files():
    yield from LIBRARY.rglob("*.part")
    yield from (STUDIO / "build").glob("*.tmp")


def imported_originals(known):
    # files already safely in the library do not need to stay anywhere else
    for root in MEDIA_ROOTS:
        if not root.exists():
            continue
        for dcim in root.glob("*/DCIM"):
            for f in dcim.rglob("*"):
                if f.is_file() and sha256(f) in known:
                    yield f


def cleanup_candidates(known):
    yield from temp_files()
    yield from imported_originals(known)


def main():
    known = verified_hashes()
    print(f"{len(known)} verified files in library manifests")
    removed = freed = 0
    for path in cleanup_candidates(known):
        try:
            size = path.stat().st_size
            os.remove(path)
        except OSError as exc:
            print(f"  could not remove {path}: {exc}")
            continue
        removed += 1
        freed += size
    print(f"removed {removed} files, freed {freed / 1e9:.2f} GB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
