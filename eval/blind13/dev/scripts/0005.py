#!/usr/bin/env python3
"""Fetch a pinned Node.js toolchain into ./.toolchain for reproducible builds.

The tarball is downloaded from nodejs.org and verified against the SHA256 from
the official SHASUMS256.txt before anything is extracted. Nothing is executed.
"""
import argparse
import hashlib
import platform
import shutil
import sys
import tarfile
import urllib.request
from pathlib import Path

DIST = "https://nodejs.org/dist"
TOOLCHAIN_DIR = Path(".toolchain")
ARCH_MAP = {"x86_64": "x64", "amd64": "x64", "arm64": "arm64", "aarch64": "arm64"}
OS_MAP = {"Linux": "linux", "Darwin": "darwin"}


def target_triplet() -> str:
    os_name = OS_MAP.get(platform.system())
    arch = ARCH_MAP.get(platform.machine().lower())
    if not os_name or not arch:
        raise SystemExit(f"unsupported platform {platform.system()}/{platform.machine()}")
    return f"{os_name}-{arch}"


def fetch(url: str, dest: Path) -> Path:
    print(f"downloading {url}")
    with urllib.request.urlopen(url, timeout=60) as resp, dest.open("wb") as out:
        shutil.copyfileobj(resp, out)
    return dest


def expected_sum(version: str, filename: str) -> str:
    with urllib.request.urlopen(f"{DIST}/v{version}/SHASUMS256.txt", timeout=30) as resp:
        for line in resp.read().decode().splitlines():
            digest, name = line.split()
            if name == filename:
                return digest
    raise SystemExit(f"{filename} not listed in SHASUMS256.txt")


def verify(path: Path, digest: str) -> None:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    if h.hexdigest() != digest:
        path.unlink()
        raise SystemExit(f"checksum mismatch for {path.name}")
    print(f"checksum ok: {digest[:12]}")


def safe_extract(archive: Path, into: Path) -> None:
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            resolved = (into / member.name).resolve()
            if into.resolve() not in resolved.parents and resolved != into.resolve():
                raise SystemExit(f"archive entry escapes target: {member.name}")
        tar.extractall(into)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--version", default="20.14.0")
    parser.add_argument("--force", action="store_true")
    args = parser.parse_args()

    triplet = target_triplet()
    filename = f"node-v{args.version}-{triplet}.tar.xz"
    final_dir = TOOLCHAIN_DIR / f"node-v{args.version}-{triplet}"
    if final_dir.exists() and not args.force:
        print(f"already present: {final_dir}")
        return 0

    TOOLCHAIN_DIR.mkdir(exist_ok=True)
    archive = fetch(f"{DIST}/v{args.version}/{filename}", TOOLCHAIN_DIR / filename)
    verify(archive, expected_sum(args.version, filename))
    if final_dir.exists():
        shutil.rmtree(final_dir)
    safe_extract(archive, TOOLCHAIN_DIR)
    archive.unlink()
    print(f"node ready at {final_dir}/bin/node")
    return 0


if __name__ == "__main__":
    sys.exit(main())
