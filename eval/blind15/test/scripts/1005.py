#!/usr/bin/env python3
"""Build and publish a release of the ledger-client Python package.

    python3 tools/publish.py 0.9.0            # build, tag, push, GitHub release + assets
    python3 tools/publish.py 0.9.0 --no-push  # local build and tag only
    python3 tools/publish.py --check          # build + twine check, nothing else

Version lives in src/ledger_client/__init__.py (__version__). Assets are
uploaded with the documented uploads.github.com endpoint. PyPI upload is
left to CI (trusted publishing), so no PyPI token is used here.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import mimetypes
import os
import re
import shutil
import subprocess
import sys
import urllib.parse
import urllib.request
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
INIT = REPO_ROOT / "src" / "ledger_client" / "__init__.py"
DIST = REPO_ROOT / "dist"
VERSION_LINE = re.compile(r'^__version__\s*=\s*"([^"]+)"\s*$', re.M)
SEMVER = re.compile(r"^\d+\.\d+\.\d+(?:(a|b|rc)\d+)?$")
GH_API = "https://api.github.com"
GH_UPLOADS = "https://uploads.github.com"


class ReleaseError(RuntimeError):
    pass


def sh(*argv: str, capture: bool = False) -> str:
    proc = subprocess.run(list(argv), cwd=REPO_ROOT, text=True,
                          capture_output=capture, check=False)
    if proc.returncode != 0:
        detail = proc.stderr.strip() if capture else ""
        raise ReleaseError(f"{' '.join(argv)} exited {proc.returncode} {detail}")
    return proc.stdout.strip() if capture else ""


def read_version() -> str:
    m = VERSION_LINE.search(INIT.read_text(encoding="utf-8"))
    if not m:
        raise ReleaseError(f"no __version__ in {INIT}")
    return m.group(1)


def write_version(version: str) -> None:
    text = INIT.read_text(encoding="utf-8")
    INIT.write_text(VERSION_LINE.sub(f'__version__ = "{version}"', text, count=1), encoding="utf-8")


def preflight(version: str | None) -> None:
    if sh("git", "status", "--porcelain", capture=True):
        raise ReleaseError("uncommitted changes present")
    if version and not SEMVER.match(version):
        raise ReleaseError(f"{version} is not a release version")
    if version and sh("git", "tag", "--list", f"v{version}", capture=True):
        raise ReleaseError(f"tag v{version} exists already")
    for tool in ("git",):
        if shutil.which(tool) is None:
            raise ReleaseError(f"{tool} not found")


def build() -> list[Path]:
    if DIST.exists():
        shutil.rmtree(DIST)  # our own build output
    sh(sys.executable, "-m", "build", "--sdist", "--wheel", "--outdir", str(DIST))
    artifacts = sorted(DIST.iterdir())
    sh(sys.executable, "-m", "twine", "check", "--strict", *map(str, artifacts))
    return artifacts


def checksums(artifacts: list[Path]) -> Path:
    lines = []
    for a in artifacts:
        digest = hashlib.sha256(a.read_bytes()).hexdigest()
        lines.append(f"{digest}  {a.name}")
    out = DIST / "SHA256SUMS.txt"
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def github_slug() -> str:
    url = sh("git", "config", "--get", "remote.origin.url", capture=True)
    m = re.search(r"github\.com[/:]([\w.-]+/[\w.-]+?)(\.git)?$", url)
    if not m:
        raise ReleaseError(f"cannot find a GitHub repo in {url}")
    return m.group(1)


def gh_request(method: str, url: str, token: str, body: bytes | None = None,
               content_type: str = "application/json") -> dict:
    req = urllib.request.Request(url, data=body, method=method)
    req.add_header("Authorization", f"Bearer {token}")
    req.add_header("Accept", "application/vnd.github+json")
    req.add_header("Content-Type", content_type)
    with urllib.request.urlopen(req, timeout=60) as resp:
        return json.loads(resp.read() or b"{}")


def changelog_section(version: str) -> str:
    path = REPO_ROOT / "CHANGELOG.md"
    if not path.exists():
        return f"Release {version}"
    text = path.read_text(encoding="utf-8")
    m = re.search(rf"^## \[?{re.escape(version)}\]?.*?$(.*?)(?=^## |\Z)", text, re.M | re.S)
    return m.group(1).strip() if m else f"Release {version}"


def publish(version: str, artifacts: list[Path], draft: bool) -> str:
    token = os.environ.get("GITHUB_TOKEN") or os.environ.get("GH_TOKEN")
    if not token:
        raise ReleaseError("GITHUB_TOKEN (or GH_TOKEN) must be set to publish")
    slug = github_slug()
    payload = {"tag_name": f"v{version}", "name": f"ledger-client {version}",
               "body": changelog_section(version), "draft": draft,
               "prerelease": bool(re.search(r"(a|b|rc)\d+$", version))}
    release = gh_request("POST", f"{GH_API}/repos/{slug}/releases", token, json.dumps(payload).encode())
    for artifact in artifacts:
        query = urllib.parse.urlencode({"name": artifact.name})
        ctype = mimetypes.guess_type(artifact.name)[0] or "application/octet-stream"
        gh_request("POST", f"{GH_UPLOADS}/repos/{slug}/releases/{release['id']}/assets?{query}",
                   token, artifact.read_bytes(), ctype)
        print(f"  uploaded {artifact.name}")
    return release["html_url"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("version", nargs="?")
    ap.add_argument("--check", action="store_true", help="only build and run twine check")
    ap.add_argument("--no-push", action="store_true")
    ap.add_argument("--draft", action="store_true", help="create the release as a draft")
    args = ap.parse_args(argv)
    try:
        if args.check:
            preflight(None)
            arts = build()
            print("built: " + ", ".join(a.name for a in arts))
            return 0
        if not args.version:
            ap.error("version is required unless --check")
        preflight(args.version)
        old = read_version()
        write_version(args.version)
        arts = build()
        arts.append(checksums(arts))
        sh("git", "add", str(INIT.relative_to(REPO_ROOT)))
        sh("git", "commit", "-m", f"release: {old} -> {args.version}")
        sh("git", "tag", "-s", f"v{args.version}", "-m", f"ledger-client {args.version}")
        if args.no_push:
            print(f"tagged v{args.version} locally; push with: git push origin HEAD --tags")
            return 0
        sh("git", "push", "origin", "HEAD")
        sh("git", "push", "origin", f"v{args.version}")
        url = publish(args.version, arts, args.draft)
        print(f"release ready: {url}")
        return 0
    except ReleaseError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
