#!/usr/bin/env python3
"""Mirror data/share/ into the OSF project's storage.

    python tools/osf_sync.py            # plan only
    python tools/osf_sync.py --apply    # upload new and changed files

Authentication: OSF personal access token (OSF_TOKEN) from the environment or
.env. Requests go to api.osf.io (metadata) and files.osf.io (Waterbutler
uploads); every URL is checked against those two hosts before the token is
attached. Remote files that do not exist locally are listed, never deleted.
"""
import argparse
import hashlib
import json
import os
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

import requests

REPO_ROOT = Path(__file__).resolve().parents[1]
SHARE = REPO_ROOT / "data" / "share"
API = "https://api.osf.io/v2"
ALLOWED_HOSTS = {"api.osf.io", "files.osf.io"}


def load_token() -> str:
    token = os.environ.get("OSF_TOKEN")
    dotenv = REPO_ROOT / ".env"
    if not token and dotenv.exists():
        for line in dotenv.read_text().splitlines():
            if line.startswith("OSF_TOKEN="):
                token = line.split("=", 1)[1].strip()
    if not token:
        sys.exit("OSF_TOKEN is not set")
    return token


class Osf:
    def __init__(self, token: str):
        self.session = requests.Session()
        self.token = token

    def _check(self, url: str) -> None:
        host = urlparse(url).hostname
        if host not in ALLOWED_HOSTS:
            raise RuntimeError(f"refusing to send OSF credentials to {host}")

    def request(self, method: str, url: str, **kw) -> requests.Response:
        self._check(url)
        headers = kw.pop("headers", {})
        headers["Authorization"] = f"Bearer {self.token}"
        for attempt in range(5):
            resp = self.session.request(method, url, headers=headers, timeout=120, **kw)
            if resp.status_code in (429, 502, 503, 504):
                time.sleep(int(resp.headers.get("Retry-After", 2 ** attempt)))
                continue
            resp.raise_for_status()
            return resp
        resp.raise_for_status()
        return resp

    def paged(self, url: str):
        while url:
            body = self.request("GET", url).json()
            yield from body.get("data", [])
            url = body.get("links", {}).get("next")


def walk_remote(osf: Osf, url: str, prefix: str = "") -> dict:
    files = {}
    for item in osf.paged(url):
        attrs = item["attributes"]
        path = f"{prefix}{attrs['name']}"
        if attrs["kind"] == "folder":
            sub_url = item["relationships"]["files"]["links"]["related"]["href"]
            files[path + "/"] = {"kind": "folder", "upload": item["links"]["upload"]}
            files.update(walk_remote(osf, sub_url, path + "/"))
        else:
            hashes = (attrs.get("extra") or {}).get("hashes") or {}
            files[path] = {"kind": "file", "sha256": hashes.get("sha256"), "upload": item["links"]["upload"]}
    return files


def walk_local() -> dict:
    out = {}
    for p in sorted(SHARE.rglob("*")):
        if p.is_file() and not any(part.startswith(".") for part in p.relative_to(SHARE).parts):
            out[p.relative_to(SHARE).as_posix()] = p
    return out


def sha256_of(path: Path) -> str:
    # streamed in 4 MiB blocks; release files can be several GB
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        while True:
            block = fh.read(4 * 1024 * 1024)
            if not block:
                break
            digest.update(block)
    return digest.hexdigest()


def plan(local: dict, remote: dict) -> list:
    actions = []
    for rel, path in local.items():
        info = remote.get(rel)
        if info is None:
            actions.append(("create", rel))
        elif info.get("sha256") and info["sha256"] != sha256_of(path):
            actions.append(("update", rel))
    return actions


def folder_upload_url(osf: Osf, remote: dict, root_upload: str, folder: str) -> str:
    if not folder:
        return root_upload
    key = folder + "/"
    if key in remote:
        return remote[key]["upload"]
    parent, _, name = folder.rpartition("/")
    parent_url = folder_upload_url(osf, remote, root_upload, parent)
    created = osf.request("PUT", parent_url, params={"kind": "folder", "name": name}).json()
    remote[key] = {"kind": "folder", "upload": created["data"]["links"]["upload"]}
    return remote[key]["upload"]


def apply_action(osf: Osf, remote: dict, root_upload: str, action: str, rel: str) -> None:
    path = SHARE / rel
    with path.open("rb") as fh:
        if action == "update":
            osf.request("PUT", remote[rel]["upload"], params={"kind": "file"}, data=fh)
        else:
            folder, _, name = rel.rpartition("/")
            url = folder_upload_url(osf, remote, root_upload, folder)
            osf.request("PUT", url, params={"kind": "file", "name": name}, data=fh)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--node", default=os.environ.get("OSF_NODE", ""), help="OSF project id (5 chars)")
    parser.add_argument("--apply", action="store_true")
    parser.add_argument("--json", action="store_true", help="print the plan as JSON")
    args = parser.parse_args()

    if len(args.node) != 5:
        sys.exit("--node (or OSF_NODE) must be the 5-character OSF project id")
    if not SHARE.is_dir():
        sys.exit("data/share does not exist")
    osf = Osf(load_token())
    storage_url = f"{API}/nodes/{args.node}/files/osfstorage/"
    root = osf.request("GET", f"{API}/nodes/{args.node}/files/").json()["data"]
    root_upload = next(p["links"]["upload"] for p in root if p["attributes"]["provider"] == "osfstorage")
    remote = walk_remote(osf, storage_url)
    local = walk_local()
    actions = plan(local, remote)
    remote_only = sorted(k for k, v in remote.items() if v["kind"] == "file" and k not in local)

    if args.json:
        print(json.dumps({"actions": actions, "remote_only": remote_only}, indent=2))
    else:
        for action, rel in actions:
            print(f"{action:<7} {rel}")
        for rel in remote_only:
            print(f"remote-only (kept) {rel}")
    if not actions:
        print("OSF storage matches data/share")
        return 0
    if not args.apply:
        print(f"{len(actions)} change(s) planned; rerun with --apply")
        return 0
    for action, rel in actions:
        apply_action(osf, remote, root_upload, action, rel)
        print(f"{action}d {rel}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
