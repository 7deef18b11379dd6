#!/usr/bin/env python3
"""Create a Sentry release for the current commit and upload source maps.

Talks only to the Sentry API (https://sentry.io/api/0/) with the org auth token
from SENTRY_AUTH_TOKEN or the project's .sentryclirc. Mirrors what
`sentry-cli releases new/set-commits/files upload-sourcemaps/finalize` does,
but lets CI retry individual steps and skip maps that are already uploaded.
"""
import argparse
import configparser
import hashlib
import json
import mimetypes
import os
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
API = "https://sentry.io/api/0"
DIST = ROOT / "dist" / "assets"
RC_FILE = ROOT / ".sentryclirc"


def git(*args) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()


def settings():
    cfg = configparser.ConfigParser()
    if RC_FILE.exists():
        cfg.read(RC_FILE)
    token = os.environ.get("SENTRY_AUTH_TOKEN") or cfg.get("auth", "token", fallback=None)
    org = os.environ.get("SENTRY_ORG") or cfg.get("defaults", "org", fallback=None)
    project = os.environ.get("SENTRY_PROJECT") or cfg.get("defaults", "project", fallback=None)
    if not all([token, org, project]):
        raise SystemExit("need SENTRY_AUTH_TOKEN, SENTRY_ORG and SENTRY_PROJECT (or .sentryclirc)")
    return token, org, project


class Sentry:
    def __init__(self, token, org, project):
        self.token = token
        self.org = org
        self.project = project

    def call(self, method, path, body=None, data=None, content_type=None, retries=4):
        url = API + path
        headers = {"Authorization": f"Bearer {self.token}"}
        if body is not None:
            data = json.dumps(body).encode()
            content_type = "application/json"
        if content_type:
            headers["Content-Type"] = content_type
        for attempt in range(retries):
            req = urllib.request.Request(url, data=data, method=method, headers=headers)
            try:
                with urllib.request.urlopen(req, timeout=60) as resp:
                    raw = resp.read()
                    return json.loads(raw) if raw else None
            except urllib.error.HTTPError as exc:
                if exc.code == 409:
                    return {"conflict": True}
                if exc.code in (429, 502, 503, 504) and attempt < retries - 1:
                    wait = int(exc.headers.get("Retry-After", 2 ** attempt))
                    print(f"sentry {exc.code}, retrying in {wait}s")
                    time.sleep(wait)
                    continue
                detail = exc.read().decode(errors="replace")[:500]
                raise SystemExit(f"{method} {path} -> {exc.code}: {detail}")
            except urllib.error.URLError as exc:
                if attempt == retries - 1:
                    raise SystemExit(f"network error: {exc}")
                time.sleep(2 ** attempt)
        return None

    def release_path(self, version, suffix=""):
        quoted = urllib.parse.quote(version, safe="")
        return f"/organizations/{self.org}/releases/{quoted}/{suffix}"

    def new_release(self, version, refs):
        body = {"version": version, "projects": [self.project], "refs": refs}
        return self.call("POST", f"/organizations/{self.org}/releases/", body=body)

    def existing_files(self, version):
        files = self.call("GET", self.release_path(version, "files/")) or []
        return {f["name"]: f.get("sha1") for f in files if isinstance(f, dict)}

    def upload_file(self, version, path: Path, name: str):
        boundary = uuid.uuid4().hex
        ctype = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        parts = [
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\n{name}\r\n".encode(),
            (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; "
             f"filename=\"{path.name}\"\r\nContent-Type: {ctype}\r\n\r\n").encode(),
            path.read_bytes(),
            f"\r\n--{boundary}--\r\n".encode(),
        ]
        self.call("POST", self.release_path(version, "files/"), data=b"".join(parts),
                  content_type=f"multipart/form-data; boundary={boundary}")

    def finalize(self, version):
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        self.call("PUT", self.release_path(version), body={"dateReleased": stamp})


def check_maps_reference_sources(files):
    """Source maps without sourcesContent are useless in Sentry; warn early."""
    missing = []
    for path, name in files:
        if path.suffix != ".map":
            continue
        try:
            data = json.loads(path.read_text())
        except (OSError, json.JSONDecodeError):
            missing.append(f"{name} (unreadable)")
            continue
        contents = data.get("sourcesContent") or []
        if not contents or not any(contents):
            missing.append(name)
    for name in missing:
        print(f"  warning: {name} has no sourcesContent")
    return not missing


def sha1(path: Path) -> str:
    return hashlib.sha1(path.read_bytes()).hexdigest()


def artifacts():
    if not DIST.exists():
        raise SystemExit("dist/assets missing; run the production build first")
    for path in sorted(DIST.rglob("*")):
        if path.suffix in (".js", ".map") and path.is_file():
            yield path, "~/assets/" + path.relative_to(DIST).as_posix()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--version", help="defaults to <package name>@<git describe>")
    ap.add_argument("--repo", default="acme/storefront", help="repository name as linked in Sentry")
    ap.add_argument("--skip-maps", action="store_true")
    ap.add_argument("--no-finalize", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    pkg = json.loads((ROOT / "package.json").read_text())
    version = args.version or f"{pkg['name']}@{git('describe', '--tags', '--always')}"
    head = git("rev-parse", "HEAD")
    previous = subprocess.run(["git", "describe", "--tags", "--abbrev=0", "HEAD^"], cwd=ROOT,
                              capture_output=True, text=True).stdout.strip()
    refs = [{"repository": args.repo, "commit": head}]
    if previous:
        refs[0]["previousCommit"] = git("rev-list", "-n", "1", previous)

    files = list(artifacts()) if not args.skip_maps else []
    print(f"release {version}: {len(files)} artifacts, head {head[:10]}")
    check_maps_reference_sources(files)
    if args.dry_run:
        for path, name in files:
            print(f"  would upload {name}")
        return 0

    sentry = Sentry(*settings())
    sentry.new_release(version, refs)
    if files:
        have = sentry.existing_files(version)
        for path, name in files:
            if have.get(name) == sha1(path):
                continue
            sentry.upload_file(version, path, name)
            print(f"  uploaded {name}")
    if not args.no_finalize:
        sentry.finalize(version)
    print("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
