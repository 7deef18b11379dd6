#!/usr/bin/env python3
"""scripts/fetch_duckdb.py - install a pinned DuckDB CLI into .tools/bin.

Downloads the release zip from github.com, verifies its SHA-256 against the
pin below before extracting, and never executes what it downloaded.
"""
import hashlib
import io
import os
import platform
import stat
import sys
import urllib.request
import zipfile
from pathlib import Path

VERSION = "1.1.3"
BASE = "https://github.com/duckdb/duckdb/releases/download"
PINS = {
    "linux-amd64": "8f5c0b3bd6e5d7a6c0e3fa1c8f9d2b7a4e6c1d0f9b8a7c6d5e4f3a2b1c0d9e8f",
    "linux-aarch64": "1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f809",
    "osx-universal": "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0",
}
DEST = Path(__file__).resolve().parent.parent / ".tools" / "bin"


def platform_key():
    system = platform.system()
    machine = platform.machine().lower()
    if system == "Darwin":
        return "osx-universal"
    if system == "Linux" and machine in ("x86_64", "amd64"):
        return "linux-amd64"
    if system == "Linux" and machine in ("aarch64", "arm64"):
        return "linux-aarch64"
    raise SystemExit(f"unsupported platform {system}/{machine}")


def download(url):
    print("downloading", url)
    with urllib.request.urlopen(url, timeout=120) as resp:
        return resp.read()


def verify(blob, expected):
    digest = hashlib.sha256(blob).hexdigest()
    if digest != expected:
        raise SystemExit(f"checksum mismatch: got {digest}, want {expected}")
    print("sha256 ok", digest[:16])


def extract(blob, target):
    target.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(io.BytesIO(blob)) as zf:
        names = zf.namelist()
        if names != ["duckdb"]:
            raise SystemExit(f"unexpected archive contents: {names}")
        out = target / "duckdb"
        out.write_bytes(zf.read("duckdb"))
    mode = out.stat().st_mode
    out.chmod(mode | stat.S_IXUSR | stat.S_IXGRP)
    return out


def already_installed(target):
    marker = target / ".duckdb-version"
    return marker.exists() and marker.read_text().strip() == VERSION


def main():
    if already_installed(DEST):
        print(f"duckdb {VERSION} already in {DEST}")
        return 0
    key = platform_key()
    url = f"{BASE}/v{VERSION}/duckdb_cli-{key}.zip"
    blob = download(url)
    verify(blob, PINS[key])
    binary = extract(blob, DEST)
    (DEST / ".duckdb-version").write_text(VERSION + "\n")
    print("installed", binary)
    print("add it to PATH for this shell with: export PATH=$PWD/.tools/bin:$PATH")
    return 0


if __name__ == "__main__":
    sys.exit(main())
