#!/usr/bin/env python3
"""Prepare (and optionally publish) a Zenodo deposition for a dataset release.

Reads release.yaml for metadata, builds a tarball of data/release/ with a
checksum manifest, creates a draft deposition on zenodo.org (or the sandbox
with --sandbox) using ZENODO_TOKEN from the environment or .env, uploads the
files into the deposition bucket and stops. Publishing is irreversible on
Zenodo, so it needs --publish AND typing the DOI prefix shown.
"""
import argparse
import hashlib
import json
import os
import sys
import tarfile
import tempfile
from pathlib import Path

import requests
import yaml

ROOT = Path(__file__).resolve().parents[1]
RELEASE_DIR = ROOT / "data" / "release"
HOSTS = {"prod": "https://zenodo.org", "sandbox": "https://sandbox.zenodo.org"}


def token_from_env() -> str:
    token = os.environ.get("ZENODO_TOKEN")
    if token:
        return token
    env = ROOT / ".env"
    if env.exists():
        for line in env.read_text().splitlines():
            key, _, val = line.partition("=")
            if key.strip() == "ZENODO_TOKEN":
                return val.strip()
    sys.exit("ZENODO_TOKEN not set (environment or .env)")


def redact(tok: str) -> str:
    return f"{tok[:3]}***{tok[-3:]}" if len(tok) > 8 else "***"


class Zenodo:
    def __init__(self, base: str, token: str):
        self.base = base
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {token}"
        self.session.headers["Accept"] = "application/json"

    def _url(self, path: str) -> str:
        return f"{self.base}/api/{path.lstrip('/')}"

    def create_draft(self, metadata: dict) -> dict:
        r = self.session.post(self._url("deposit/depositions"), json={"metadata": metadata}, timeout=60)
        r.raise_for_status()
        return r.json()

    def upload(self, bucket: str, path: Path) -> dict:
        with path.open("rb") as fh:
            r = self.session.put(f"{bucket}/{path.name}", data=fh, timeout=600)
        r.raise_for_status()
        return r.json()

    def publish(self, dep_id: int) -> dict:
        r = self.session.post(self._url(f"deposit/depositions/{dep_id}/actions/publish"), timeout=120)
        r.raise_for_status()
        return r.json()


def build_metadata(conf: dict) -> dict:
    meta = {
        "title": conf["title"],
        "upload_type": "dataset",
        "description": conf.get("description", ""),
        "creators": [{"name": c["name"], "affiliation": c.get("affiliation", "")} for c in conf["creators"]],
        "license": conf.get("license", "cc-by-4.0"),
        "keywords": conf.get("keywords", []),
        "version": conf["version"],
    }
    if conf.get("related"):
        meta["related_identifiers"] = conf["related"]
    return meta


def manifest(paths: list[Path]) -> str:
    lines = []
    for p in paths:
        h = hashlib.md5(p.read_bytes()).hexdigest()
        lines.append(f"{h}  {p.relative_to(RELEASE_DIR)}")
    return "\n".join(lines) + "\n"


def build_bundle(version: str, workdir: Path) -> list[Path]:
    files = sorted(p for p in RELEASE_DIR.rglob("*") if p.is_file() and not p.name.startswith("."))
    if not files:
        sys.exit(f"{RELEASE_DIR} is empty")
    (workdir / "MANIFEST.md5").write_text(manifest(files))
    tar_path = workdir / f"dataset-{version}.tar.gz"
    with tarfile.open(tar_path, "w:gz") as tar:
        for f in files:
            tar.add(f, arcname=f"dataset-{version}/{f.relative_to(RELEASE_DIR)}")
    return [tar_path, workdir / "MANIFEST.md5", ROOT / "README.md"]


def validate_conf(conf: dict) -> list[str]:
    """Catch the metadata mistakes Zenodo only reports after upload."""
    problems = []
    for key in ("title", "version", "creators"):
        if not conf.get(key):
            problems.append(f"release.yaml: {key} is required")
    for i, creator in enumerate(conf.get("creators", [])):
        if "," not in creator.get("name", ""):
            problems.append(f"creator #{i + 1}: use 'Family, Given' name order")
        orcid = creator.get("orcid")
        if orcid and len(orcid.replace("-", "")) != 16:
            problems.append(f"creator #{i + 1}: ORCID {orcid} looks malformed")
    if len(conf.get("description", "")) < 50:
        problems.append("description is shorter than 50 characters")
    for rel in conf.get("related", []):
        if rel.get("relation") not in {"isSupplementTo", "isDerivedFrom", "cites", "isPartOf"}:
            problems.append(f"related identifier {rel.get('identifier')}: unusual relation")
    return problems


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sandbox", action="store_true")
    ap.add_argument("--publish", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    opts = ap.parse_args()

    conf = yaml.safe_load((ROOT / "release.yaml").read_text())
    problems = validate_conf(conf)
    for p in problems:
        print("metadata:", p, file=sys.stderr)
    if problems and not opts.dry_run:
        return 1
    meta = build_metadata(conf)
    base = HOSTS["sandbox" if opts.sandbox else "prod"]
    token = token_from_env()
    print(f"target {base}, token {redact(token)}")

    with tempfile.TemporaryDirectory(prefix="zenodo-") as tmp:
        uploads = build_bundle(conf["version"], Path(tmp))
        for u in uploads:
            print(f"  {u.name:<32} {u.stat().st_size / 1e6:8.1f} MB")
        if opts.dry_run:
            print(json.dumps(meta, indent=2))
            return 0
        api = Zenodo(base, token)
        dep = api.create_draft(meta)
        bucket = dep["links"]["bucket"]
        if not bucket.startswith(base):
            sys.exit(f"unexpected bucket host {bucket}")
        for u in uploads:
            info = api.upload(bucket, u)
            print(f"uploaded {u.name} checksum={info.get('checksum')}")

    print(f"draft ready: {dep['links']['html']}")
    state_file = ROOT / ".zenodo-draft.json"
    state_file.write_text(json.dumps({"id": dep["id"], "base": base, "version": conf["version"]}))

    if not opts.publish:
        print("not published; review the draft in the browser, then rerun with --publish")
        return 0
    prefix = dep.get("metadata", {}).get("prereserve_doi", {}).get("doi", "")
    answer = input(f"Publishing is permanent. Type the reserved DOI ({prefix}) to continue: ")
    if answer.strip() != prefix or not prefix:
        print("confirmation did not match; not publishing")
        return 1
    result = api.publish(dep["id"])
    print("published:", result.get("doi_url"))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except requests.HTTPError as exc:
        body = exc.response.text[:300] if exc.response is not None else ""
        sys.exit(f"Zenodo API error: {exc} {body}")
