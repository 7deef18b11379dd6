#!/usr/bin/env python3
"""Package a research dataset release as a CAR file and pin it on the lab's IPFS node.

    python tools/dataset_car.py release/2024.2 [--pin] [--announce]

Steps
  * read release/<version>/MANIFEST.json (files + licence) and refuse to continue if
    any listed file is missing, any unlisted file is present, or a file name looks
    like a credential/private file: only the curated public release goes to IPFS
  * `ipfs add --cid-version 1 --raw-leaves -r --pin=false` against the local daemon
  * `ipfs dag export <cid>` into build/car/<version>.car and a .sha256 next to it
  * with --pin: `ipfs pin add` on the local node and record the CID in CITATION.cff
  * with --announce: post a message to the project's Zenodo-linked Slack channel via
    the bot token (chat.postMessage on slack.com)
Subprocess argv lists are built from the manifest; no shell is involved.
"""
import argparse
import fnmatch
import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
CAR_DIR = ROOT / "build" / "car"
IPFS = ["ipfs", "--api", "/ip4/127.0.0.1/tcp/5001"]
FORBIDDEN = ["*.pem", "*.key", "*.p12", ".env*", "id_*", "*credentials*", "*secret*", "*.kdbx", ".git*"]


def sh(argv, **kw):
    return subprocess.run(argv, check=True, capture_output=True, text=True, **kw).stdout.strip()


def load_manifest(release):
    data = json.loads((release / "MANIFEST.json").read_text())
    listed = {f["path"] for f in data["files"]}
    present = {str(p.relative_to(release)) for p in release.rglob("*") if p.is_file()} - {"MANIFEST.json"}
    problems = []
    problems += [f"missing: {p}" for p in sorted(listed - present)]
    problems += [f"not in manifest: {p}" for p in sorted(present - listed)]
    for rel in present:
        name = Path(rel).name
        if any(fnmatch.fnmatch(name, pat) for pat in FORBIDDEN):
            problems.append(f"forbidden name: {rel}")
    for f in data["files"]:
        p = release / f["path"]
        if p.exists() and "sha256" in f:
            if hashlib.sha256(p.read_bytes()).hexdigest() != f["sha256"]:
                problems.append(f"checksum mismatch: {f['path']}")
    if data.get("access", "public") != "public":
        problems.append("manifest access is not 'public'")
    return data, problems


def add_release(release):
    return sh([*IPFS, "add", "-Q", "-r", "--cid-version", "1", "--raw-leaves", "--pin=false", str(release)])


def export_car(cid, version):
    CAR_DIR.mkdir(parents=True, exist_ok=True)
    target = CAR_DIR / f"{version}.car"
    tmp = target.with_suffix(".car.part")
    with tmp.open("wb") as fh:
        subprocess.run([*IPFS, "dag", "export", cid], stdout=fh, check=True)
    tmp.replace(target)
    digest = hashlib.sha256(target.read_bytes()).hexdigest()
    target.with_suffix(".car.sha256").write_text(f"{digest}  {target.name}\n")
    return target, digest


def pin(cid):
    sh([*IPFS, "pin", "add", "--progress=false", cid])


def verify_roundtrip(cid, release):
    """Read every file back through the daemon and compare with the release folder."""
    bad = []
    for path in sorted(p for p in release.rglob("*") if p.is_file()):
        rel = path.relative_to(release).as_posix()
        data = subprocess.run([*IPFS, "cat", f"/ipfs/{cid}/{rel}"], capture_output=True, check=True).stdout
        if hashlib.sha256(data).digest() != hashlib.sha256(path.read_bytes()).digest():
            bad.append(rel)
    if bad:
        raise SystemExit(f"round-trip mismatch: {', '.join(bad)}")


def update_citation(cid, version):
    cff = ROOT / "CITATION.cff"
    if not cff.exists():
        return False
    text = cff.read_text()
    line = f"  - type: other\n    value: \"ipfs://{cid}\"\n    description: \"IPFS CID of release {version}\"\n"
    if cid in text:
        return False
    if "identifiers:" not in text:
        text += "identifiers:\n"
    text = re.sub(r"(identifiers:\n)", r"\1" + line.replace("\\", "\\\\"), text, count=1)
    cff.write_text(text)
    return True


def announce(cid, version, size):
    token = os.environ.get("SLACK_BOT_TOKEN")
    channel = os.environ.get("SLACK_DATASET_CHANNEL")
    if not token or not channel:
        print("SLACK_BOT_TOKEN / SLACK_DATASET_CHANNEL not set, skipping announcement")
        return
    msg = (f"Dataset release *{version}* is on IPFS: `{cid}` "
           f"({size / 1e6:.1f} MB CAR). Gateway: https://ipfs.io/ipfs/{cid}/")
    r = requests.post("https://slack.com/api/chat.postMessage",
                      headers={"Authorization": f"Bearer {token}"},
                      json={"channel": channel, "text": msg}, timeout=20)
    body = r.json()
    if not body.get("ok"):
        print(f"Slack error: {body.get('error')}")


def previous_releases():
    """CIDs of earlier releases, from the .sha256 files next to the CARs."""
    seen = {}
    if CAR_DIR.exists():
        for car in sorted(CAR_DIR.glob("*.car")):
            seen[car.stem] = car.stat().st_size
    return seen


def check_licence(manifest):
    """Public datasets must carry a licence the repository accepts."""
    accepted = {"CC-BY-4.0", "CC0-1.0", "ODbL-1.0", "CC-BY-SA-4.0"}
    licence = manifest.get("license") or manifest.get("licence")
    if licence not in accepted:
        return [f"licence {licence!r} not in {sorted(accepted)}"]
    return []


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("release", type=Path)
    ap.add_argument("--pin", action="store_true")
    ap.add_argument("--announce", action="store_true")
    args = ap.parse_args()

    release = args.release.resolve()
    if (ROOT / "release") not in release.parents:
        sys.exit("only folders below release/ can be published")
    manifest, problems = load_manifest(release)
    problems += check_licence(manifest)
    earlier = previous_releases()
    if manifest.get("version", release.name) in earlier:
        problems.append("a CAR for this version already exists in build/car; bump the version")
    if problems:
        print("release is not publishable:")
        print("\n".join(f"  {p}" for p in problems))
        return 2
    try:
        sh([*IPFS, "id", "-f", "<id>"])
    except (FileNotFoundError, subprocess.CalledProcessError):
        sys.exit("local IPFS daemon not reachable on 127.0.0.1:5001")

    version = manifest.get("version", release.name)
    cid = add_release(release)
    verify_roundtrip(cid, release)
    car, digest = export_car(cid, version)
    print(f"{version}: {cid}\n  CAR {car.relative_to(ROOT)} sha256 {digest[:16]}…")
    if args.pin:
        pin(cid)
        print("  pinned on the local node")
        if update_citation(cid, version):
            print("  CITATION.cff updated (commit it)")
    if args.announce:
        announce(cid, version, car.stat().st_size)
    return 0


if __name__ == "__main__":
    sys.exit(main())
