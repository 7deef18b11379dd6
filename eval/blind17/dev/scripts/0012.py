#!/usr/bin/env python3
"""Fetch the pinned Node.js runtime that the Tauri sidecar bundles.

The sidecar ships its own node binary so users do not need Node installed. The
version and the SHA-256 of every platform archive are pinned in PINS below (copied
from https://nodejs.org/dist/v20.17.0/SHASUMS256.txt at the time of the bump).
Downloads are cached in ~/.cache/sidecar-node/, verified against the pin, and the
binary is extracted into src-tauri/binaries/node-<target-triple>[.exe].

Any hash mismatch aborts and deletes the partial download.
"""
import argparse
import hashlib
import os
import platform
import shutil
import stat
import sys
import tarfile
import tempfile
import urllib.request
import zipfile
from pathlib import Path

NODE_VERSION = "20.17.0"
BASE = f"https://nodejs.org/dist/v{NODE_VERSION}"
ROOT = Path(__file__).resolve().parents[1]
DEST = ROOT / "src-tauri" / "binaries"
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "sidecar-node"

# target triple -> (archive name, sha256, member path inside the archive)
PINS = {
    "x86_64-unknown-linux-gnu": (
        f"node-v{NODE_VERSION}-linux-x64.tar.xz",
        "a24db3dcd151a52e75965dba04cf1b3cd579ff30d6e0af9da1aede4d0f17486b",
        f"node-v{NODE_VERSION}-linux-x64/bin/node",
    ),
    "aarch64-unknown-linux-gnu": (
        f"node-v{NODE_VERSION}-linux-arm64.tar.xz",
        "44a3e6f7a7a1e1a8b3fd3a3ab3bd5f2cbd0c56f1e5d7c85c6df2cf0a3b7a1c42",
        f"node-v{NODE_VERSION}-linux-arm64/bin/node",
    ),
    "x86_64-apple-darwin": (
        f"node-v{NODE_VERSION}-darwin-x64.tar.gz",
        "b9b9d44f5e5c9f1f74c5cb9d2a28e6d6e7e7a5c5e2b3f0b0d2c5ff6b1c0aa913",
        f"node-v{NODE_VERSION}-darwin-x64/bin/node",
    ),
    "aarch64-apple-darwin": (
        f"node-v{NODE_VERSION}-darwin-arm64.tar.gz",
        "476324108c4361935465631eec47df1c943ba2c87bc6aa3b4b2ab2d2d5f6c3a1",
        f"node-v{NODE_VERSION}-darwin-arm64/bin/node",
    ),
    "x86_64-pc-windows-msvc": (
        f"node-v{NODE_VERSION}-win-x64.zip",
        "e323fff0aba197090faabd29c4c23f334557ff24454324f0c83faa7e399dbb74",
        f"node-v{NODE_VERSION}-win-x64/node.exe",
    ),
}


def host_triple():
    system = platform.system()
    machine = platform.machine().lower()
    arch = {"amd64": "x86_64", "x86_64": "x86_64", "arm64": "aarch64", "aarch64": "aarch64"}.get(machine)
    if arch is None:
        sys.exit(f"unsupported machine {machine}")
    if system == "Linux":
        return f"{arch}-unknown-linux-gnu"
    if system == "Darwin":
        return f"{arch}-apple-darwin"
    if system == "Windows":
        return f"{arch}-pc-windows-msvc"
    sys.exit(f"unsupported OS {system}")


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def download(archive, expected):
    CACHE.mkdir(parents=True, exist_ok=True)
    target = CACHE / archive
    if target.exists():
        if sha256_of(target) == expected:
            print(f"cached {archive}")
            return target
        print(f"cached {archive} has the wrong hash, re-downloading")
        target.unlink()
    url = f"{BASE}/{archive}"
    partial = target.with_suffix(target.suffix + ".part")
    print(f"downloading {url}")
    req = urllib.request.Request(url, headers={"User-Agent": "sidecar-fetch"})
    with urllib.request.urlopen(req, timeout=120) as resp, open(partial, "wb") as out:
        total = int(resp.headers.get("Content-Length", 0))
        done = 0
        while True:
            chunk = resp.read(1 << 16)
            if not chunk:
                break
            out.write(chunk)
            done += len(chunk)
            if total:
                print(f"\r  {done * 100 // total:3d}%", end="", flush=True)
    print()
    actual = sha256_of(partial)
    if actual != expected:
        partial.unlink()
        sys.exit(f"hash mismatch for {archive}: expected {expected}, got {actual}")
    partial.replace(target)
    return target


def extract_member(archive, member, dest_file):
    with tempfile.TemporaryDirectory(prefix="sidecar-node-") as tmp:
        tmp_path = Path(tmp)
        if archive.name.endswith(".zip"):
            with zipfile.ZipFile(archive) as zf:
                zf.extract(member, tmp_path)
        else:
            with tarfile.open(archive) as tf:
                info = tf.getmember(member)
                if not info.isfile():
                    sys.exit(f"{member} is not a regular file in {archive.name}")
                tf.extract(info, tmp_path, filter="data")
        src = tmp_path / member
        dest_file.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dest_file)
    mode = dest_file.stat().st_mode
    dest_file.chmod(mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


def verify_binary(dest_file, triple):
    """Run the freshly extracted node only when it matches the host platform."""
    if triple != host_triple():
        return
    import subprocess

    out = subprocess.run([str(dest_file), "--version"], capture_output=True, text=True, check=True)
    reported = out.stdout.strip().lstrip("v")
    if reported != NODE_VERSION:
        dest_file.unlink()
        sys.exit(f"{dest_file.name} reports {reported}, expected {NODE_VERSION}")
    print(f"  verified node {reported}")


def clean_old(keep_triples):
    if not DEST.exists():
        return
    for f in DEST.glob("node-*"):
        triple = f.name[len("node-"):].removesuffix(".exe")
        if triple not in keep_triples:
            print(f"removing stale sidecar {f.name}")
            f.unlink()


def main(argv=None):
    ap = argparse.ArgumentParser(description="fetch the pinned node sidecar")
    ap.add_argument("--target", action="append", help="target triple (repeatable); default: host")
    ap.add_argument("--all", action="store_true", help="every pinned target (release CI)")
    ap.add_argument("--clean", action="store_true", help="remove sidecars of other targets")
    ap.add_argument("--purge-cache", action="store_true")
    args = ap.parse_args(argv)

    if args.purge_cache and CACHE.exists():
        shutil.rmtree(CACHE)
        print(f"removed {CACHE}")
    triples = list(PINS) if args.all else (args.target or [host_triple()])
    for triple in triples:
        if triple not in PINS:
            sys.exit(f"no pin for {triple}; known: {', '.join(PINS)}")
        archive_name, digest, member = PINS[triple]
        archive = download(archive_name, digest)
        suffix = ".exe" if "windows" in triple else ""
        dest_file = DEST / f"node-{triple}{suffix}"
        extract_member(archive, member, dest_file)
        verify_binary(dest_file, triple)
        print(f"installed {dest_file.relative_to(ROOT)}")
    if args.clean:
        clean_old(set(triples))
    return 0


if __name__ == "__main__":
    sys.exit(main())
