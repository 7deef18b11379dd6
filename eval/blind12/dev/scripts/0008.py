#!/usr/bin/env python3
"""Download a pinned Node.js build into .tools/node and verify its checksum.

The integration tests need an exact Node version independent of the system one.
The archive is checked against SHASUMS256.txt published next to it on nodejs.org
before it is unpacked; nothing is executed except `node --version` at the end.
"""
import argparse
import hashlib
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ROOT / ".tools"
DIST = "https://nodejs.org/dist"


def target_name(version: str) -> str:
    machine = {"x86_64": "x64", "amd64": "x64", "aarch64": "arm64", "arm64": "arm64"}
    arch = machine.get(platform.machine().lower())
    system = {"Linux": "linux", "Darwin": "darwin"}.get(platform.system())
    if not arch or not system:
        raise SystemExit(f"unsupported platform {platform.system()}/{platform.machine()}")
    return f"node-v{version}-{system}-{arch}.tar.gz"


def fetch(url: str, dest: Path) -> None:
    print(f"downloading {url}")
    with urllib.request.urlopen(url, timeout=60) as resp, dest.open("wb") as out:
        shutil.copyfileobj(resp, out)


def expected_sha(version: str, filename: str) -> str:
    url = f"{DIST}/v{version}/SHASUMS256.txt"
    with urllib.request.urlopen(url, timeout=30) as resp:
        for line in resp.read().decode().splitlines():
            digest, _, name = line.partition("  ")
            if name.strip() == filename:
                return digest
    raise SystemExit(f"{filename} not listed in {url}")


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def safe_extract(archive: Path, dest: Path) -> None:
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            target = (dest / member.name).resolve()
            if dest.resolve() not in target.parents and target != dest.resolve():
                raise SystemExit(f"unsafe path in archive: {member.name}")
        tar.extractall(dest)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--version", default="20.14.0")
    args = ap.parse_args()

    filename = target_name(args.version)
    install_dir = TOOLS / "node"
    marker = install_dir / ".version"
    if marker.exists() and marker.read_text().strip() == args.version:
        print(f"node {args.version} already in {install_dir}")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        archive = Path(tmp) / filename
        fetch(f"{DIST}/v{args.version}/{filename}", archive)
        want = expected_sha(args.version, filename)
        got = sha256(archive)
        if got != want:
            print(f"checksum mismatch: expected {want}, got {got}", file=sys.stderr)
            return 1
        staging = Path(tmp) / "x"
        staging.mkdir()
        safe_extract(archive, staging)
        if install_dir.exists():
            shutil.rmtree(install_dir)
        TOOLS.mkdir(exist_ok=True)
        shutil.move(str(next(staging.iterdir())), install_dir)
    marker.write_text(args.version + "\n")
    out = subprocess.run([str(install_dir / "bin" / "node"), "--version"],
                         capture_output=True, text=True, check=True)
    print(f"installed {out.stdout.strip()} into {install_dir.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
