#!/usr/bin/env python3
"""Fetch the Kaggle competition files quillmark trains on, with integrity checks.

Uses the Kaggle REST API on www.kaggle.com directly (no CLI). Credentials come
from KAGGLE_USERNAME/KAGGLE_KEY in the environment and are only sent as HTTP
basic auth to www.kaggle.com. Each file listed in data/kaggle-files.toml has a
pinned sha256; downloads land in data/external/<competition>/ via a temporary
name and are renamed only after the hash matches. Zip archives are unpacked
in place; the zip is kept so re-runs can verify without downloading again.
"""
from __future__ import annotations

import base64
import hashlib
import os
import sys
import tomllib
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from argparse import ArgumentParser
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PIN_FILE = REPO / "data" / "kaggle-files.toml"
DEST_ROOT = REPO / "data" / "external"
API_BASE = "https://www.kaggle.com/api/v1"
BLOCK = 4 * 1024 * 1024


@dataclass(frozen=True)
class PinnedFile:
    competition: str
    name: str
    sha256: str
    unzip: bool


def read_pins() -> list[PinnedFile]:
    doc = tomllib.loads(PIN_FILE.read_text(encoding="utf-8"))
    pins = []
    for comp, files in doc.get("competitions", {}).items():
        for entry in files:
            digest = entry["sha256"].lower()
            if len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest):
                raise SystemExit(f"{comp}/{entry['name']}: sha256 is malformed")
            if "/" in entry["name"] or entry["name"].startswith("."):
                raise SystemExit(f"{comp}/{entry['name']}: file name must be plain")
            pins.append(PinnedFile(comp, entry["name"], digest, bool(entry.get("unzip", False))))
    return pins


def auth_header() -> str:
    user = os.environ.get("KAGGLE_USERNAME")
    key = os.environ.get("KAGGLE_KEY")
    if not user or not key:
        raise SystemExit("set KAGGLE_USERNAME and KAGGLE_KEY (from your Kaggle account page)")
    token = base64.b64encode(f"{user}:{key}".encode()).decode()
    return f"Basic {token}"


class KaggleOnlyRedirects(urllib.request.HTTPRedirectHandler):
    """Follow redirects to the storage bucket but drop the Authorization header on the way."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        new = super().redirect_request(req, fp, code, msg, headers, newurl)
        if new is not None and urllib.parse.urlparse(newurl).hostname != "www.kaggle.com":
            new.headers.pop("Authorization", None)
            new.unredirected_hdrs.pop("Authorization", None)
        return new


OPENER = urllib.request.build_opener(KaggleOnlyRedirects)


def digest_of(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        while chunk := fh.read(BLOCK):
            h.update(chunk)
    return h.hexdigest()


def download(pin: PinnedFile, auth: str) -> Path:
    dest_dir = DEST_ROOT / pin.competition
    dest_dir.mkdir(parents=True, exist_ok=True)
    target = dest_dir / pin.name
    if target.exists() and digest_of(target) == pin.sha256:
        return target
    quoted = urllib.parse.quote(pin.name)
    url = f"{API_BASE}/competitions/data/download/{pin.competition}/{quoted}"
    req = urllib.request.Request(url, headers={"Authorization": auth, "User-Agent": "quillmark-data/0.4"})
    tmp = dest_dir / f".{pin.name}.download"
    try:
        with OPENER.open(req, timeout=120) as resp, tmp.open("wb") as out:
            while chunk := resp.read(BLOCK):
                out.write(chunk)
    except urllib.error.HTTPError as exc:
        tmp.unlink(missing_ok=True)
        if exc.code in (401, 403):
            raise SystemExit(f"{pin.competition}: access denied; accept the competition rules on kaggle first")
        raise
    actual = digest_of(tmp)
    if actual != pin.sha256:
        tmp.unlink()
        raise SystemExit(f"{pin.name}: sha256 {actual[:12]}… does not match the pinned {pin.sha256[:12]}…")
    tmp.rename(target)
    return target


def unpack(archive: Path) -> int:
    out_dir = archive.with_suffix("")
    out_dir.mkdir(exist_ok=True)
    base = out_dir.resolve()
    with zipfile.ZipFile(archive) as zf:
        members = zf.infolist()
        for m in members:
            dest = (out_dir / m.filename).resolve()
            if dest != base and base not in dest.parents:
                raise SystemExit(f"{archive.name}: member {m.filename} escapes the output directory")
        zf.extractall(out_dir)
    return len(members)


def main(argv: list[str]) -> int:
    cli = ArgumentParser(prog="fetch_kaggle", description="download pinned Kaggle files")
    cli.add_argument("--competition", help="only this competition")
    cli.add_argument("--check", action="store_true", help="verify local files, no network")
    opts = cli.parse_args(argv)

    pins = read_pins()
    if opts.competition:
        pins = [p for p in pins if p.competition == opts.competition]
    if not pins:
        print("nothing pinned for that selection")
        return 1

    if opts.check:
        bad = 0
        for p in pins:
            f = DEST_ROOT / p.competition / p.name
            ok = f.exists() and digest_of(f) == p.sha256
            bad += not ok
            print(f"{'OK  ' if ok else 'FAIL'} {p.competition}/{p.name}")
        return 1 if bad else 0

    auth = auth_header()
    for p in pins:
        path = download(p, auth)
        line = f"{p.competition}/{p.name}: {path.stat().st_size / 1e6:.1f} MB verified"
        if p.unzip:
            line += f", {unpack(path)} files unpacked"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
