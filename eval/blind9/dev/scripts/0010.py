#!/usr/bin/env python3
"""Fetch pinned third-party tool binaries into .cache/tools with checksum checks.

The pins live in tools.lock.json:
    {"protoc": {"version": "25.1", "url": "...", "sha256": "..."}}
A download that does not match its pinned sha256 is deleted and the script fails.
Nothing downloaded is executed here; the Makefile calls the tools afterwards.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
import sys
import tempfile
import urllib.request
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "tools.lock.json"
CACHE = ROOT / ".cache" / "tools"
CHUNK = 1 << 20


class ChecksumMismatch(Exception):
    pass


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        while block := fh.read(CHUNK):
            digest.update(block)
    return digest.hexdigest()


def download(url: str, dest: Path) -> None:
    req = urllib.request.Request(url, headers={"User-Agent": "proj-fetch-tools/1.0"})
    with urllib.request.urlopen(req, timeout=60) as resp, dest.open("wb") as out:
        total = int(resp.headers.get("Content-Length") or 0)
        done = 0
        while block := resp.read(CHUNK):
            out.write(block)
            done += len(block)
            if total:
                print(f"\r  {done * 100 // total:3d}% of {total // 1024} KiB", end="", flush=True)
    print()


def verify(path: Path, expected: str) -> None:
    actual = sha256_file(path)
    if actual != expected.lower():
        path.unlink(missing_ok=True)
        raise ChecksumMismatch(f"{path.name}: expected {expected}, got {actual}")


def install(name: str, pin: dict) -> Path:
    target_dir = CACHE / name / pin["version"]
    marker = target_dir / ".ok"
    if marker.exists():
        print(f"= {name} {pin['version']} already present")
        return target_dir
    with tempfile.TemporaryDirectory(prefix=f"fetch-{name}-") as tmp:
        archive = Path(tmp) / Path(pin["url"]).name
        print(f"> {name} {pin['version']}")
        download(pin["url"], archive)
        verify(archive, pin["sha256"])
        if target_dir.exists():
            shutil.rmtree(target_dir)
        target_dir.mkdir(parents=True)
        if archive.suffix == ".zip":
            with zipfile.ZipFile(archive) as zf:
                for member in zf.namelist():
                    resolved = (target_dir / member).resolve()
                    if not str(resolved).startswith(str(target_dir.resolve())):
                        raise ValueError(f"unsafe path in archive: {member}")
                zf.extractall(target_dir)
        else:
            shutil.copy2(archive, target_dir / name)
    for exe in target_dir.rglob("bin/*"):
        exe.chmod(exe.stat().st_mode | stat.S_IXUSR)
    marker.write_text(pin["sha256"])
    return target_dir


def main() -> int:
    pins = json.loads(LOCK.read_text())
    only = set(sys.argv[1:])
    failures = 0
    for name, pin in sorted(pins.items()):
        if only and name not in only:
            continue
        try:
            install(name, pin)
        except ChecksumMismatch as exc:
            failures += 1
            print(f"! {exc}", file=sys.stderr)
    if failures:
        return 1
    print(f"tools ready under {os.path.relpath(CACHE, ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
