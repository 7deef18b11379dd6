#!/usr/bin/env python3
"""Export experiments from the lab's eLabFTW instance for the data release.

For every experiment tagged with the release tag we fetch the JSON body,
its attachments and the linked items, and write a self-contained folder
under build/elab-export/<tag>/.  The API key is read from the project's
.env (ELAB_API_KEY) and sent in the Authorization header, exactly as the
eLabFTW v2 API expects.  The instance URL comes from config/elab.ini and
must be on the lab network (*.internal).  Read-only: GET requests only.
"""
from __future__ import annotations

import argparse
import configparser
import hashlib
import json
import os
import re
import shutil
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

import requests

ROOT = Path(__file__).resolve().parents[1]
EXPORT_ROOT = ROOT / "build" / "elab-export"
SAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")


def load_key() -> str:
    key = os.environ.get("ELAB_API_KEY")
    env_file = ROOT / ".env"
    if not key and env_file.exists():
        for line in env_file.read_text().splitlines():
            if line.startswith("ELAB_API_KEY="):
                key = line.split("=", 1)[1].strip()
    if not key:
        raise SystemExit("ELAB_API_KEY missing (set it in .env)")
    return key


def load_base_url() -> str:
    cfg = configparser.ConfigParser()
    cfg.read(ROOT / "config" / "elab.ini")
    url = cfg.get("elab", "url", fallback="https://elab.lab.internal")
    host = urlparse(url).hostname or ""
    if not host.endswith(".internal"):
        raise SystemExit(f"refusing to talk to {host}: eLabFTW must be the lab instance")
    return url.rstrip("/") + "/api/v2"


class Elab:
    def __init__(self, base: str, key: str, verify: bool | str = True):
        self.base = base
        self.session = requests.Session()
        self.session.headers.update({"Authorization": key, "Accept": "application/json"})
        self.session.verify = verify

    def get(self, path: str, **params):
        url = f"{self.base}/{path.lstrip('/')}"
        for attempt in range(5):
            try:
                resp = self.session.get(url, params=params or None, timeout=60)
            except requests.ConnectionError:
                time.sleep(1.5 * (attempt + 1))
                continue
            if resp.status_code == 429:
                time.sleep(int(resp.headers.get("Retry-After", "3")))
                continue
            resp.raise_for_status()
            return resp
        raise SystemExit(f"GET {url} failed after retries")

    def experiments(self, tag: str):
        offset = 0
        while True:
            batch = self.get("experiments", tags=tag, limit=50, offset=offset).json()
            if not batch:
                return
            yield from batch
            offset += len(batch)

    def experiment(self, exp_id: int) -> dict:
        return self.get(f"experiments/{exp_id}").json()

    def upload_meta(self, exp_id: int) -> list[dict]:
        return self.get(f"experiments/{exp_id}/uploads").json()

    def upload_bytes(self, exp_id: int, upload_id: int) -> bytes:
        return self.get(f"experiments/{exp_id}/uploads/{upload_id}", format="binary").content


def safe(name: str) -> str:
    return SAFE_NAME.sub("_", name).strip("_")[:80] or "unnamed"


def export_one(api: Elab, summary: dict, dest: Path, with_files: bool) -> dict:
    exp_id = summary["id"]
    full = api.experiment(exp_id)
    folder = dest / f"{exp_id:05d}-{safe(full.get('title', ''))}"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "experiment.json").write_text(json.dumps(full, indent=2, ensure_ascii=False))
    (folder / "body.html").write_text(full.get("body") or "")
    files = []
    if with_files:
        for upload in api.upload_meta(exp_id):
            blob = api.upload_bytes(exp_id, upload["id"])
            digest = hashlib.sha256(blob).hexdigest()
            if upload.get("hash") and upload.get("hash_algorithm") == "sha256" and upload["hash"] != digest:
                print(f"  ! checksum mismatch on {upload['real_name']}", file=sys.stderr)
            target = folder / "files" / safe(upload["real_name"])
            target.parent.mkdir(exist_ok=True)
            target.write_bytes(blob)
            files.append({"name": target.name, "sha256": digest, "size": len(blob)})
    return {
        "id": exp_id,
        "title": full.get("title"),
        "date": full.get("date"),
        "status": full.get("status_title"),
        "folder": folder.name,
        "files": files,
    }


def write_readme(dest: Path, tag: str, index: list[dict]) -> None:
    """A human-readable table of contents for the data release."""
    lines = [
        f"# eLabFTW export: {tag}",
        "",
        f"{len(index)} experiments, exported {time.strftime('%Y-%m-%d %H:%M')}.",
        "",
        "| id | date | status | title | files |",
        "|---:|---|---|---|---:|",
    ]
    for entry in sorted(index, key=lambda e: (e.get("date") or "", e["id"])):
        title = (entry.get("title") or "").replace("|", "\\|")
        lines.append(
            f"| {entry['id']} | {entry.get('date') or ''} | {entry.get('status') or ''} "
            f"| [{title}]({entry['folder']}/body.html) | {len(entry['files'])} |"
        )
    (dest / "README.md").write_text("\n".join(lines) + "\n")


def checksum_manifest(dest: Path, index: list[dict]) -> Path:
    """sha256sum-compatible manifest so the release can be verified later."""
    out = dest / "SHA256SUMS"
    rows = []
    for entry in index:
        for f in entry["files"]:
            rows.append(f"{f['sha256']}  {entry['folder']}/files/{f['name']}")
    out.write_text("\n".join(sorted(rows)) + ("\n" if rows else ""))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tag", help="release tag on the experiments, e.g. paper-2024-03")
    parser.add_argument("--no-files", action="store_true")
    parser.add_argument("--ca", help="path to the lab CA bundle", default=None)
    parser.add_argument("--clean", action="store_true", help="remove a previous export of this tag")
    args = parser.parse_args()

    dest = EXPORT_ROOT / safe(args.tag)
    if args.clean and dest.exists():
        # Only our own export folder below build/elab-export is ever removed.
        if dest.resolve().parent != EXPORT_ROOT.resolve():
            raise SystemExit("refusing to remove a folder outside build/elab-export")
        shutil.rmtree(dest)
    dest.mkdir(parents=True, exist_ok=True)

    key = load_key()
    print(f"using key {key[:5]}… against {load_base_url()}")
    api = Elab(load_base_url(), key, verify=args.ca or True)

    index = []
    for summary in api.experiments(args.tag):
        print(f"- {summary['id']}: {summary.get('title', '')[:60]}")
        index.append(export_one(api, summary, dest, not args.no_files))

    (dest / "index.json").write_text(json.dumps(index, indent=2, ensure_ascii=False))
    write_readme(dest, args.tag, index)
    sums = checksum_manifest(dest, index)
    print(f"checksums in {sums.relative_to(ROOT)}")
    print(f"exported {len(index)} experiments to {dest.relative_to(ROOT)}")
    return 0 if index else 1


if __name__ == "__main__":
    sys.exit(main())
