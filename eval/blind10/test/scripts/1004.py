#!/usr/bin/env python3
"""Vendor pinned CLI binaries listed in tools/pins.toml into .bin/.

Each pin names a GitHub release asset and its expected sha256. The asset is
downloaded from github.com, hashed, and only then unpacked. Mismatches abort.
"""
import hashlib
import io
import os
import stat
import sys
import tarfile
import tomllib
import urllib.request
import zipfile
from pathlib import Path
from typing import NamedTuple

REPO = Path(__file__).resolve().parents[1]
PINS = REPO / "tools" / "pins.toml"
BIN = REPO / ".bin"


class Pin(NamedTuple):
    name: str
    repo: str
    version: str
    asset: str
    sha256: str
    member: str

    @property
    def url(self) -> str:
        return f"https://github.com/{self.repo}/releases/download/{self.version}/{self.asset}"


def read_pins() -> list[Pin]:
    with PINS.open("rb") as fh:
        data = tomllib.load(fh)
    return [Pin(name=k, **v) for k, v in sorted(data.get("tool", {}).items())]


def download(url: str) -> bytes:
    req = urllib.request.Request(url, headers={"User-Agent": "vendor-bins/1.0"})
    with urllib.request.urlopen(req, timeout=120) as resp:
        return resp.read()


def verify(blob: bytes, expected: str, name: str) -> None:
    actual = hashlib.sha256(blob).hexdigest()
    if actual != expected.lower():
        raise SystemExit(f"{name}: sha256 mismatch\n  expected {expected}\n  actual   {actual}")


def extract_member(blob: bytes, asset: str, member: str) -> bytes:
    if asset.endswith((".tar.gz", ".tgz")):
        with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as tar:
            fh = tar.extractfile(member)
            if fh is None:
                raise SystemExit(f"{member} missing from {asset}")
            return fh.read()
    if asset.endswith(".zip"):
        with zipfile.ZipFile(io.BytesIO(blob)) as zf:
            return zf.read(member)
    return blob


def install(pin: Pin, force: bool) -> str:
    target = BIN / pin.name
    stamp = BIN / f".{pin.name}.version"
    if target.exists() and stamp.exists() and stamp.read_text() == pin.version and not force:
        return "cached"
    blob = download(pin.url)
    verify(blob, pin.sha256, pin.name)
    data = extract_member(blob, pin.asset, pin.member)
    BIN.mkdir(exist_ok=True)
    tmp = target.with_suffix(".tmp")
    tmp.write_bytes(data)
    tmp.chmod(tmp.stat().st_mode | stat.S_IXUSR)
    os.replace(tmp, target)
    stamp.write_text(pin.version)
    return "installed"


def main() -> int:
    force = "--force" in sys.argv
    only = [a for a in sys.argv[1:] if not a.startswith("-")]
    for pin in read_pins():
        if only and pin.name not in only:
            continue
        status = install(pin, force)
        print(f"{pin.name:<14} {pin.version:<10} {status}")
    print(f"binaries are in {BIN.relative_to(REPO)}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
