#!/usr/bin/env python3
"""Prepare Archivematica standard transfers from the digitisation workstation output.

For an accession folder under staging/<accession>/ this builds a transfer directory:

    build/transfers/<accession>/
        objects/...                 (hard links to the staged files, no copies)
        metadata/metadata.csv       (Dublin Core per file, from staging/<acc>/catalogue.xlsx export)
        metadata/checksum.sha256    (Archivematica verifies this on ingest)
        logs/                       (empty, required by the standard transfer layout)

With --start the transfer is copied into the Archivematica transfer source location
(a shared mount, TRANSFER_SOURCE in .env) and started through the dashboard API
(AM_URL / AM_USER / AM_API_KEY). Copying to the mount is the documented way to feed a
transfer; the script only writes into a new folder named after the accession and
refuses if that folder already exists there.
"""
import argparse
import csv
import hashlib
import os
import re
import shutil
import sys
import time
from pathlib import Path

import requests

REPO = Path(__file__).resolve().parents[1]
STAGING = REPO / "staging"
BUILD = REPO / "build" / "transfers"
ACCESSION_RE = re.compile(r"^ACC-\d{4}-\d{3}$")
DC_COLUMNS = ["dc.title", "dc.creator", "dc.date", "dc.description", "dc.rights", "dc.identifier"]


def env(name, required=True):
    if name in os.environ:
        return os.environ[name]
    f = REPO / ".env"
    if f.exists():
        for line in f.read_text().splitlines():
            if line.startswith(name + "="):
                return line.split("=", 1)[1].strip().strip('"')
    if required:
        sys.exit(f"{name} missing (.env)")
    return None


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def read_catalogue(acc_dir):
    """catalogue.csv is exported by the cataloguers from their spreadsheet."""
    cat = acc_dir / "catalogue.csv"
    if not cat.exists():
        sys.exit(f"{cat} missing; export the catalogue sheet as CSV first")
    with cat.open(newline="", encoding="utf-8-sig") as fh:
        rows = list(csv.DictReader(fh))
    by_file = {}
    for row in rows:
        name = (row.get("filename") or "").strip()
        if name:
            by_file[name] = row
    return by_file


def link_or_copy(src, dst):
    dst.parent.mkdir(exist_ok=True, parents=True)
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def build(accession):
    src = STAGING / accession
    files_dir = src / "files"
    if not files_dir.is_dir():
        sys.exit(f"{files_dir} not found")
    target = BUILD / accession
    if target.exists():
        shutil.rmtree(target)  # previous build of the same accession (our own output)
    (target / "objects").mkdir(parents=True)
    (target / "metadata").mkdir()
    (target / "logs").mkdir()
    catalogue = read_catalogue(src)
    missing_meta, sums, meta_rows = [], [], []
    for path in sorted(p for p in files_dir.rglob("*") if p.is_file() and not p.name.startswith(".")):
        rel = path.relative_to(files_dir)
        link_or_copy(path, target / "objects" / rel)
        sums.append(f"{sha256(path)}  ../objects/{rel.as_posix()}")
        row = catalogue.get(rel.name)
        if row is None:
            missing_meta.append(rel.as_posix())
            continue
        meta_rows.append({"filename": f"objects/{rel.as_posix()}", **{c: row.get(c, "") for c in DC_COLUMNS}})
    with (target / "metadata" / "metadata.csv").open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=["filename", *DC_COLUMNS])
        writer.writeheader()
        writer.writerows(meta_rows)
    (target / "metadata" / "checksum.sha256").write_text("\n".join(sums) + "\n")
    return target, len(sums), missing_meta


class Dashboard:
    def __init__(self):
        self.base = env("AM_URL").rstrip("/")
        self.auth = f"ApiKey {env('AM_USER')}:{env('AM_API_KEY')}"

    def start(self, accession, location_uuid, rel_path):
        import base64

        # The API expects "<location uuid>:<path>" base64-encoded in paths[]
        encoded = base64.b64encode(f"{location_uuid}:{rel_path}".encode()).decode()
        r = requests.post(f"{self.base}/api/transfer/start_transfer/",
                          headers={"Authorization": self.auth},
                          data={"name": accession, "type": "standard", "paths[]": encoded}, timeout=60)
        r.raise_for_status()
        return r.json()

    def wait_unapproved(self, accession, timeout=300):
        deadline = time.time() + timeout
        while time.time() < deadline:
            r = requests.get(f"{self.base}/api/transfer/unapproved/", headers={"Authorization": self.auth}, timeout=30)
            r.raise_for_status()
            for t in r.json().get("results", []):
                if t.get("directory", "").startswith(accession):
                    return t
            time.sleep(5)
        return None


def copy_to_source(target, accession):
    source_root = Path(env("TRANSFER_SOURCE"))
    if not source_root.is_dir():
        sys.exit(f"transfer source {source_root} not mounted")
    dest = source_root / accession
    if dest.exists():
        sys.exit(f"{dest} already exists on the transfer source; not overwriting")
    tmp = source_root / f".{accession}.partial"
    shutil.copytree(target, tmp)
    tmp.rename(dest)
    return dest


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("accession")
    ap.add_argument("--start", action="store_true", help="copy to the transfer source and start it")
    ap.add_argument("--allow-missing-metadata", action="store_true")
    args = ap.parse_args()
    if not ACCESSION_RE.match(args.accession):
        sys.exit("accession must look like ACC-2024-017")

    target, count, missing = build(args.accession)
    print(f"{args.accession}: {count} file(s) in {target.relative_to(REPO)}")
    if missing:
        print(f"{len(missing)} file(s) without catalogue metadata, e.g. {missing[:3]}")
        if not args.allow_missing_metadata:
            return 1
    if not args.start:
        print("built only; pass --start to hand it to Archivematica")
        return 0
    dest = copy_to_source(target, args.accession)
    dash = Dashboard()
    result = dash.start(args.accession, env("AM_SOURCE_LOCATION_UUID"), dest.name)
    print(f"transfer started: {result.get('message', result)}")
    waiting = dash.wait_unapproved(args.accession)
    print("waiting for approval in the dashboard" if waiting else "transfer did not show up yet; check the dashboard")
    return 0


if __name__ == "__main__":
    sys.exit(main())
