#!/usr/bin/env python3
"""Fetch the test corpus (released as a GitHub release asset) into data/corpus.

The archive and its expected digest are pinned in data/corpus.lock.json.
The download is streamed to a temp file, hashed, compared, and only then
extracted with member path checks. No downloaded content is executed.
"""
import hashlib
import json
import shutil
import sys
import tarfile
import tempfile
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LOCK = REPO / "data" / "corpus.lock.json"
TARGET = REPO / "data" / "corpus"
RELEASES = "https://github.com/harbor-org/test-corpus/releases/download"


def read_lock() -> dict:
    lock = json.loads(LOCK.read_text())
    for key in ("tag", "asset", "sha256"):
        if not lock.get(key):
            raise SystemExit(f"{LOCK.name} is missing '{key}'")
    return lock


def stream_to(url: str, dest: Path) -> str:
    digest = hashlib.sha256()
    req = urllib.request.Request(url, headers={"User-Agent": "corpus-fetch"})
    with urllib.request.urlopen(req, timeout=120) as resp, dest.open("wb") as out:
        total = int(resp.headers.get("Content-Length") or 0)
        done = 0
        while chunk := resp.read(1 << 16):
            out.write(chunk)
            digest.update(chunk)
            done += len(chunk)
            if total:
                print(f"\r  {done * 100 // total:3d}% of {total // 1024} KiB", end="", flush=True)
    print()
    return digest.hexdigest()


def members_within(tar: tarfile.TarFile, root: Path):
    base = root.resolve()
    for member in tar.getmembers():
        if member.issym() or member.islnk():
            raise SystemExit(f"links are not allowed in the corpus: {member.name}")
        dest = (base / member.name).resolve()
        if dest != base and base not in dest.parents:
            raise SystemExit(f"path escapes target: {member.name}")
        yield member


def main() -> int:
    lock = read_lock()
    stamp = TARGET / ".corpus-version"
    if stamp.exists() and stamp.read_text().strip() == lock["sha256"]:
        print(f"corpus {lock['tag']} already present")
        return 0
    url = f"{RELEASES}/{lock['tag']}/{lock['asset']}"
    with tempfile.TemporaryDirectory(prefix="corpus-") as tmp:
        archive = Path(tmp) / lock["asset"]
        print(f"downloading {url}")
        got = stream_to(url, archive)
        if got != lock["sha256"]:
            print(f"sha256 mismatch:\n  expected {lock['sha256']}\n  got      {got}", file=sys.stderr)
            return 1
        staging = Path(tmp) / "unpacked"
        staging.mkdir()
        with tarfile.open(archive, "r:gz") as tar:
            tar.extractall(staging, members=list(members_within(tar, staging)))
        if TARGET.exists():
            shutil.rmtree(TARGET)
        shutil.copytree(staging, TARGET)
    stamp.write_text(lock["sha256"] + "\n")
    files = sum(1 for p in TARGET.rglob("*") if p.is_file())
    print(f"corpus {lock['tag']} ready in {TARGET.relative_to(REPO)} ({files} files)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
