#!/usr/bin/env python3
"""Package and (optionally) publish the VS Code extension.

Default is a dry run: compile, test, package the .vsix into dist/ and
print what would be uploaded. With --publish the .vsix goes to the Visual
Studio Marketplace via vsce and to Open VSX via ovsx.

Tokens come from the environment (or .env in the repo root):
    VSCE_PAT   - Azure DevOps personal access token for the marketplace
    OVSX_PAT   - Open VSX access token
They are handed to vsce/ovsx via their own environment variables and are
never printed; mask() is used for the diagnostics.
"""
import argparse
import hashlib
import json
import os
import subprocess
import sys
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DIST = REPO / "dist"
MARKETPLACE_API = "https://marketplace.visualstudio.com/_apis/public/gallery/extensionquery"
OPENVSX_API = "https://open-vsx.org/api"


def mask(value: str | None) -> str:
    if not value:
        return "<unset>"
    return value[:3] + "*" * 6 + value[-2:] if len(value) > 8 else "*" * len(value)


def load_dotenv(path: Path) -> None:
    """Fill os.environ from KEY=VALUE lines without overriding real env vars."""
    if not path.exists():
        return
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        value = value.strip().strip('"').strip("'")
        os.environ.setdefault(key.strip(), value)


def manifest() -> dict:
    data = json.loads((REPO / "package.json").read_text())
    missing = [k for k in ("publisher", "name", "version", "engines") if k not in data]
    if missing:
        raise SystemExit("package.json lacks: " + ", ".join(missing))
    return data


def npm(*args: str) -> None:
    argv = ["npm", *args]
    print("$ " + " ".join(argv))
    subprocess.run(argv, cwd=REPO, check=True)


def package(pkg: dict, pre_release: bool) -> Path:
    DIST.mkdir(exist_ok=True)
    out = DIST / f"{pkg['name']}-{pkg['version']}.vsix"
    if out.exists():
        out.unlink()
    argv = ["npx", "--no-install", "vsce", "package", "--out", str(out)]
    if pre_release:
        argv.append("--pre-release")
    print("$ " + " ".join(argv))
    subprocess.run(argv, cwd=REPO, check=True)
    return out


def inspect_vsix(vsix: Path) -> None:
    with zipfile.ZipFile(vsix) as zf:
        names = zf.namelist()
    bad = [n for n in names if n.endswith((".env", ".pem")) or "/.git/" in n]
    if bad:
        raise SystemExit("refusing to ship secrets-looking files: " + ", ".join(bad))
    big = sorted(names, key=len)[-3:]
    digest = hashlib.sha256(vsix.read_bytes()).hexdigest()[:16]
    print(f"{vsix.name}: {len(names)} files, sha256 {digest}")
    for n in big:
        print("   e.g. " + n)


def marketplace_version(publisher: str, name: str) -> str | None:
    body = json.dumps({
        "filters": [{"criteria": [{"filterType": 7, "value": f"{publisher}.{name}"}]}],
        "flags": 0x200,
    }).encode()
    req = urllib.request.Request(
        MARKETPLACE_API, data=body, method="POST",
        headers={"Content-Type": "application/json",
                 "Accept": "application/json;api-version=7.1-preview.1"},
    )
    try:
        with urllib.request.urlopen(req, timeout=20) as resp:
            data = json.load(resp)
    except urllib.error.URLError as exc:
        print(f"marketplace query failed: {exc}")
        return None
    exts = data["results"][0].get("extensions", [])
    return exts[0]["versions"][0]["version"] if exts else None


def openvsx_version(publisher: str, name: str) -> str | None:
    url = f"{OPENVSX_API}/{publisher}/{name}"
    try:
        with urllib.request.urlopen(url, timeout=20) as resp:
            return json.load(resp).get("version")
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            return None
        raise


def publish(vsix: Path, targets: list[str], pre_release: bool) -> None:
    env = os.environ.copy()
    if "marketplace" in targets:
        if not env.get("VSCE_PAT"):
            raise SystemExit("VSCE_PAT not set")
        argv = ["npx", "--no-install", "vsce", "publish", "--packagePath", str(vsix)]
        if pre_release:
            argv.append("--pre-release")
        print("$ " + " ".join(argv) + f"   (VSCE_PAT={mask(env['VSCE_PAT'])})")
        subprocess.run(argv, cwd=REPO, env=env, check=True)
    if "openvsx" in targets:
        if not env.get("OVSX_PAT"):
            raise SystemExit("OVSX_PAT not set")
        argv = ["npx", "--no-install", "ovsx", "publish", str(vsix)]
        print("$ " + " ".join(argv) + f"   (OVSX_PAT={mask(env['OVSX_PAT'])})")
        subprocess.run(argv, cwd=REPO, env=env, check=True)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--publish", action="store_true", help="upload after packaging")
    ap.add_argument("--target", action="append", choices=["marketplace", "openvsx"])
    ap.add_argument("--pre-release", action="store_true")
    ap.add_argument("--skip-tests", action="store_true")
    args = ap.parse_args()
    targets = args.target or ["marketplace", "openvsx"]

    load_dotenv(REPO / ".env")
    pkg = manifest()
    publisher, name, version = pkg["publisher"], pkg["name"], pkg["version"]
    print(f"{publisher}.{name} {version}")
    print(f"tokens: VSCE_PAT={mask(os.environ.get('VSCE_PAT'))} "
          f"OVSX_PAT={mask(os.environ.get('OVSX_PAT'))}")

    npm("ci")
    npm("run", "compile")
    if not args.skip_tests:
        npm("test")
    vsix = package(pkg, args.pre_release)
    inspect_vsix(vsix)

    live = {"marketplace": marketplace_version(publisher, name),
            "openvsx": openvsx_version(publisher, name)}
    for where, v in live.items():
        print(f"   {where}: {v or 'not published'}")
        if v == version and where in targets and args.publish:
            raise SystemExit(f"{version} already on {where}; bump package.json first")

    if not args.publish:
        print("dry run: pass --publish to upload " + vsix.name)
        return 0
    publish(vsix, targets, args.pre_release)
    print("published " + version)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except subprocess.CalledProcessError as exc:
        sys.exit(exc.returncode)
