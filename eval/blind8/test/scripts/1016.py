#!/usr/bin/env python3
"""Vendor a pinned sdist from PyPI into vendor/ after verifying its sha256."""
import argparse
import hashlib
import json
import logging
import pathlib
import sys
import tarfile
import tempfile
import urllib.request

log = logging.getLogger("vendor")

PINS = {
    "tomli": ("2.0.1", "939de3e7a6161af0c887ef91b7d41a53e7c5a1ca976325f429cb46ea9bc30ecf"),
}


def sdist_url(name, version):
    with urllib.request.urlopen(f"https://pypi.org/pypi/{name}/{version}/json", timeout=20) as r:
        meta = json.load(r)
    for f in meta["urls"]:
        if f["packagetype"] == "sdist":
            return f["url"], f["digests"]["sha256"]
    raise SystemExit(f"no sdist for {name} {version}")


def fetch(url, dest):
    with urllib.request.urlopen(url, timeout=60) as r, open(dest, "wb") as out:
        while chunk := r.read(1 << 16):
            out.write(chunk)


def digest(path):
    return hashlib.sha256(pathlib.Path(path).read_bytes()).hexdigest()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vendor", default="vendor")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    vendor = pathlib.Path(args.vendor)
    vendor.mkdir(exist_ok=True)
    for name, (version, pinned) in PINS.items():
        url, advertised = sdist_url(name, version)
        if advertised != pinned:
            log.error("%s: PyPI digest %s differs from pin", name, advertised)
            return 1
        with tempfile.TemporaryDirectory() as tmp:
            archive = pathlib.Path(tmp) / url.rsplit("/", 1)[-1]
            fetch(url, archive)
            if digest(archive) != pinned:
                log.error("%s: downloaded file does not match pin", name)
                return 1
            with tarfile.open(archive) as tar:
                tar.extractall(vendor, filter="data")
        log.info("vendored %s %s", name, version)
    return 0


if __name__ == "__main__":
    sys.exit(main())
