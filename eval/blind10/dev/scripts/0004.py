#!/usr/bin/env python3
"""Fetch a pinned Node.js toolchain into .tools/node for hermetic builds.

The tarball is verified against the SHASUMS256.txt published next to it on
nodejs.org before it is unpacked; nothing downloaded is executed here.
"""
import argparse
import hashlib
import platform
import shutil
import sys
import tarfile
import urllib.request
from pathlib import Path

NODE_VERSION = "20.11.1"
DIST = "https://nodejs.org/dist"
PROJECT = Path(__file__).resolve().parents[1]
TOOLS = PROJECT / ".tools"


def platform_tag() -> str:
    system = platform.system().lower()
    machine = platform.machine().lower()
    arch = {"x86_64": "x64", "amd64": "x64", "arm64": "arm64", "aarch64": "arm64"}.get(machine)
    if system not in {"linux", "darwin"} or arch is None:
        raise SystemExit(f"unsupported platform {system}/{machine}")
    return f"{system}-{arch}"


def fetch(url: str, dest: Path) -> Path:
    print(f"downloading {url}")
    with urllib.request.urlopen(url, timeout=60) as resp, dest.open("wb") as out:
        shutil.copyfileobj(resp, out)
    return dest


def expected_sum(version: str, filename: str) -> str:
    url = f"{DIST}/v{version}/SHASUMS256.txt"
    with urllib.request.urlopen(url, timeout=30) as resp:
        for line in resp.read().decode().splitlines():
            digest, _, name = line.partition("  ")
            if name.strip() == filename:
                return digest
    raise SystemExit(f"{filename} not listed in SHASUMS256.txt")


def file_sum(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        while chunk := fh.read(1 << 20):
            h.update(chunk)
    return h.hexdigest()


def safe_extract(archive: Path, target: Path) -> None:
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            resolved = (target / member.name).resolve()
            if target.resolve() not in resolved.parents and resolved != target.resolve():
                raise SystemExit(f"archive member escapes target: {member.name}")
        tar.extractall(target)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--version", default=NODE_VERSION)
    ap.add_argument("--force", action="store_true")
    ns = ap.parse_args()
    tag = platform_tag()
    name = f"node-v{ns.version}-{tag}.tar.gz"
    final = TOOLS / "node"
    if final.exists() and not ns.force:
        print(f"{final} already present; use --force to replace")
        return 0
    TOOLS.mkdir(exist_ok=True)
    archive = fetch(f"{DIST}/v{ns.version}/{name}", TOOLS / name)
    want = expected_sum(ns.version, name)
    got = file_sum(archive)
    if got != want:
        archive.unlink()
        print(f"checksum mismatch: {got} != {want}", file=sys.stderr)
        return 1
    staging = TOOLS / "node.staging"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir()
    safe_extract(archive, staging)
    if final.exists():
        shutil.rmtree(final)
    (staging / f"node-v{ns.version}-{tag}").rename(final)
    shutil.rmtree(staging)
    archive.unlink()
    print(f"node {ns.version} installed in {final.relative_to(PROJECT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
