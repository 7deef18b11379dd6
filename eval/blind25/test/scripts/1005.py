#!/usr/bin/env python3
"""Publish the built .vsix to Open VSX (and verify it afterwards).

The marketplace release is done by CI; this covers Open VSX, which some of
our users (VSCodium, Gitpod) rely on.

Steps:
    1. find dist/<name>-<version>.vsix and read its manifest from the zip
    2. make sure the namespace exists on open-vsx.org (create it with --create-namespace)
    3. upload with the REST API (POST /api/-/publish?token=...) - only with --publish
    4. poll the extension page until the new version is listed

OVSX_PAT comes from the environment or .env.local and is only sent to
open-vsx.org, which expects it as a query parameter on the publish
endpoints. It is never printed; errors are passed through scrub().
"""
import argparse
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from pathlib import Path
from xml.etree import ElementTree

PKG_ROOT = Path(__file__).resolve().parent.parent
DIST = PKG_ROOT / "dist"
OPENVSX = "https://open-vsx.org/api"
USER_AGENT = "lab-pipelines-release/1.0"


def token_from_env() -> str:
    tok = os.environ.get("OVSX_PAT", "")
    local = PKG_ROOT / ".env.local"
    if not tok and local.exists():
        for line in local.read_text().splitlines():
            if line.startswith("OVSX_PAT="):
                tok = line.split("=", 1)[1].strip()
    return tok


def scrub(text: str, secret: str) -> str:
    return text.replace(secret, "***") if secret else text


def vsix_manifest(path: Path) -> dict:
    with zipfile.ZipFile(path) as zf:
        pkg = json.loads(zf.read("extension/package.json"))
        manifest = ElementTree.fromstring(zf.read("extension.vsixmanifest"))
    ns = {"v": "http://schemas.microsoft.com/developer/vsx-schema/2011"}
    identity = manifest.find("v:Metadata/v:Identity", ns)
    return {
        "publisher": pkg["publisher"],
        "name": pkg["name"],
        "version": pkg["version"],
        "target": identity.get("TargetPlatform") if identity is not None else None,
        "pre_release": "__pre_release" in (pkg.get("__metadata") or {}),
    }


def check_size(path: Path, limit_mb: int = 256) -> None:
    """Open VSX rejects very large uploads; fail early with a clear message."""
    size_mb = path.stat().st_size / 2**20
    if size_mb > limit_mb:
        raise SystemExit(f"{path.name} is {size_mb:.0f} MiB (> {limit_mb} MiB)")
    print(f"size {size_mb:.1f} MiB")


def find_vsix(version: str | None) -> Path:
    candidates = sorted(DIST.glob("*.vsix"), key=lambda p: p.stat().st_mtime, reverse=True)
    if version:
        candidates = [c for c in candidates if c.stem.endswith(version)]
    if not candidates:
        raise SystemExit("no .vsix in dist/ (run: npx vsce package -o dist/)")
    return candidates[0]


def request(method: str, url: str, data: bytes | None = None, ctype: str | None = None):
    headers = {"User-Agent": USER_AGENT, "Accept": "application/json"}
    if ctype:
        headers["Content-Type"] = ctype
    req = urllib.request.Request(url, data=data, method=method, headers=headers)
    with urllib.request.urlopen(req, timeout=120) as resp:
        body = resp.read()
        return resp.status, json.loads(body) if body else {}


def namespace_exists(ns: str) -> bool:
    try:
        status, _ = request("GET", f"{OPENVSX}/{urllib.parse.quote(ns)}")
        return status == 200
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            return False
        raise


def create_namespace(ns: str, token: str) -> None:
    url = f"{OPENVSX}/-/namespace/create?" + urllib.parse.urlencode({"token": token})
    request("POST", url, json.dumps({"name": ns}).encode(), "application/json")


def published_versions(ns: str, name: str) -> list[str]:
    try:
        _, body = request("GET", f"{OPENVSX}/{ns}/{name}")
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            return []
        raise
    return list((body.get("allVersions") or {}).keys())


def upload(vsix: Path, token: str) -> dict:
    url = f"{OPENVSX}/-/publish?" + urllib.parse.urlencode({"token": token})
    _, body = request("POST", url, vsix.read_bytes(), "application/octet-stream")
    return body


def wait_listed(ns: str, name: str, version: str, timeout_s: int = 300) -> bool:
    deadline = time.monotonic() + timeout_s
    delay = 5
    while time.monotonic() < deadline:
        if version in published_versions(ns, name):
            return True
        time.sleep(delay)
        delay = min(delay * 2, 40)
    return False


def main() -> int:
    parser = argparse.ArgumentParser(description="publish to Open VSX")
    parser.add_argument("--version", help="pick dist/*-<version>.vsix")
    parser.add_argument("--publish", action="store_true", help="actually upload")
    parser.add_argument("--create-namespace", action="store_true")
    parser.add_argument("--no-wait", action="store_true")
    args = parser.parse_args()

    vsix = find_vsix(args.version)
    check_size(vsix)
    info = vsix_manifest(vsix)
    ns, name, version = info["publisher"], info["name"], info["version"]
    print(f"{vsix.name}: {ns}.{name} {version}" + (" (pre-release)" if info["pre_release"] else ""))

    existing = published_versions(ns, name)
    if version in existing:
        print(f"{version} is already on Open VSX; nothing to do")
        return 0
    print(f"open-vsx has {len(existing)} version(s); latest listed: {existing[0] if existing else '-'}")

    if not args.publish:
        print("dry run; pass --publish to upload")
        return 0
    token = token_from_env()
    if not token:
        raise SystemExit("OVSX_PAT not set")
    try:
        if not namespace_exists(ns):
            if not args.create_namespace:
                raise SystemExit(f"namespace {ns} missing; rerun with --create-namespace")
            create_namespace(ns, token)
            print(f"created namespace {ns}")
        result = upload(vsix, token)
    except urllib.error.HTTPError as exc:
        detail = exc.read().decode(errors="replace")[:400]
        raise SystemExit(scrub(f"Open VSX returned {exc.code}: {detail}", token))
    if result.get("error"):
        raise SystemExit(scrub(f"publish failed: {result['error']}", token))
    print(f"uploaded {version}")
    if args.no_wait:
        return 0
    if wait_listed(ns, name, version):
        print(f"listed: https://open-vsx.org/extension/{ns}/{name}/{version}")
        return 0
    print("not listed yet; check the namespace page later")
    return 1


if __name__ == "__main__":
    sys.exit(main())
