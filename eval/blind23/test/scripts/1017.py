#!/usr/bin/env python3
"""Fetch the large sample datasets used by kiln's integration tests.

The archive is versioned; data lands in tests/data/large/ and a marker file
records which version is present.
"""
from __future__ import annotations

import argparse
import hashlib
import io
import shutil
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEST = REPO / "tests" / "data" / "large"
VERSION = "2024-06"
ARCHIVE_URL = f"https://datasets.kiln-samples.example.com/{VERSION}/large-samples.zip"


def download(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=120) as resp:
        return resp.read()


def extract(blob: bytes, dest: Path) -> list[str]:
    names: list[str] = []
    with zipfile.ZipFile(io.BytesIO(blob)) as zf:
        for info in zf.infolist():
            target = (dest / info.filename).resolve()
            if not target.is_relative_to(dest.resolve()):
                raise SystemExit(f"unsafe path in archive: {info.filename}")
            zf.extract(info, dest)
            names.append(info.filename)
    return names


def post_process(dest: Path) -> None:
    """Some datasets ship a preparation step (decompress parquet shards etc.)."""
    prep = dest / "prepare.py"
    if prep.exists():
        subprocess.run([sys.executable, str(prep), "--root", str(dest)], cwd=dest, check=True)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--force", action="store_true")
    args = parser.parse_args()

    marker = DEST / f".version-{VERSION}"
    if marker.exists() and not args.force:
        print(f"sample data {VERSION} already present")
        return 0
    if DEST.exists():
        shutil.rmtree(DEST)
    DEST.mkdir(parents=True)
    blob = download(ARCHIVE_URL)
    digest = hashlib.sha256(blob).hexdigest()
    names = extract(blob, DEST)
    post_process(DEST)
    marker.write_text(digest + "\n")
    print(f"extracted {len(names)} file(s) ({len(blob) / 1e6:.1f} MB, sha256 {digest[:12]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
