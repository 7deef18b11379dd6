#!/usr/bin/env python3
"""Vendor pinned wheels into ./vendor/wheels for offline CI builds.

Looks up each pinned requirement on the PyPI JSON API (pypi.org), downloads the
matching wheel from files.pythonhosted.org and checks it against the sha256
digest PyPI publishes before keeping it. Wheels are only stored, never installed.
"""
import hashlib
import json
import re
import sys
import tempfile
import urllib.request
from pathlib import Path
from typing import Iterator, NamedTuple

PYPI_JSON = "https://pypi.org/pypi/{name}/{version}/json"
VENDOR = Path("vendor/wheels")
PIN = re.compile(r"^([A-Za-z0-9_.-]+)==([A-Za-z0-9_.+-]+)\s*$")


class Artifact(NamedTuple):
    name: str
    version: str
    filename: str
    url: str
    sha256: str


def pins(path: Path) -> Iterator[tuple[str, str]]:
    for line in path.read_text().splitlines():
        match = PIN.match(line.split("#", 1)[0])
        if match:
            yield match.group(1), match.group(2)


def pick_wheel(name: str, version: str) -> Artifact:
    with urllib.request.urlopen(PYPI_JSON.format(name=name, version=version), timeout=20) as resp:
        meta = json.load(resp)
    wheels = [u for u in meta["urls"] if u["packagetype"] == "bdist_wheel"]
    universal = [u for u in wheels if u["filename"].endswith("-py3-none-any.whl")]
    chosen = (universal or wheels or [None])[0]
    if chosen is None:
        raise LookupError(f"{name}=={version} has no wheel")
    if not chosen["url"].startswith("https://files.pythonhosted.org/"):
        raise LookupError(f"unexpected download host for {name}: {chosen['url']}")
    return Artifact(name, version, chosen["filename"], chosen["url"], chosen["digests"]["sha256"])


def download_verified(art: Artifact, dest_dir: Path) -> Path:
    final = dest_dir / art.filename
    if final.exists() and hashlib.sha256(final.read_bytes()).hexdigest() == art.sha256:
        return final
    digest = hashlib.sha256()
    with tempfile.NamedTemporaryFile(dir=dest_dir, delete=False, suffix=".part") as tmp:
        with urllib.request.urlopen(art.url, timeout=60) as resp:
            while chunk := resp.read(1 << 16):
                digest.update(chunk)
                tmp.write(chunk)
    part = Path(tmp.name)
    if digest.hexdigest() != art.sha256:
        part.unlink()
        raise ValueError(f"sha256 mismatch for {art.filename}")
    part.replace(final)
    return final


def main() -> int:
    req_file = Path(sys.argv[1] if len(sys.argv) > 1 else "requirements/ci.txt")
    VENDOR.mkdir(parents=True, exist_ok=True)
    failures = 0
    for name, version in pins(req_file):
        try:
            path = download_verified(pick_wheel(name, version), VENDOR)
            print(f"ok    {path.name}")
        except (LookupError, ValueError, OSError) as exc:
            failures += 1
            print(f"fail  {name}=={version}: {exc}", file=sys.stderr)
    wanted = {pick.lower() for pick, _ in pins(req_file)}
    for stale in VENDOR.glob("*.whl"):
        if stale.name.split("-")[0].lower().replace("_", "-") not in {w.replace("_", "-") for w in wanted}:
            print(f"stale {stale.name} (not pinned any more)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
