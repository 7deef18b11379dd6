#!/usr/bin/env python3
"""Download the pinned test corpus into ./third_party and verify its checksum."""
import argparse
import hashlib
import logging
import pathlib
import shutil
import sys
import tarfile
import tempfile
import urllib.request

log = logging.getLogger("fetch-corpus")

CORPUS = {
    "url": "https://github.com/unicode-org/icu/releases/download/release-74-2/icu4c-74_2-data.zip",
    "sha256": "c28c3ca5f4ba3384781797138a294ca360988d4322674ad4d51e52f5d9b0a2b6",
    "dest": "third_party/icu-data",
}


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def download(url, dest):
    log.info("downloading %s", url)
    with urllib.request.urlopen(url, timeout=60) as resp, open(dest, "wb") as out:
        shutil.copyfileobj(resp, out)


def unpack(archive, dest):
    dest.mkdir(parents=True, exist_ok=True)
    if archive.suffix == ".zip":
        shutil.unpack_archive(str(archive), str(dest), "zip")
        return
    with tarfile.open(archive) as tar:
        tar.extractall(dest, filter="data")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    dest = pathlib.Path(CORPUS["dest"])
    if dest.exists() and not args.force:
        log.info("%s already present", dest)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        archive = pathlib.Path(tmp) / pathlib.Path(CORPUS["url"]).name
        download(CORPUS["url"], archive)
        got = sha256(archive)
        if got != CORPUS["sha256"]:
            log.error("checksum mismatch: got %s", got)
            return 1
        if dest.exists():
            shutil.rmtree(dest)
        unpack(archive, dest)
    log.info("corpus ready in %s", dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
