#!/usr/bin/env python3
"""Package the Tidepool desktop client (PySide6) for macOS.

Pipeline:
    1. pyinstaller with packaging/tidepool.spec into build/pyinstaller
    2. deep-sign every Mach-O inside the .app with the identity named in
       packaging/signing.toml (hardened runtime + entitlements)
    3. build a DMG with hdiutil and sign it
    4. submit to Apple's notary service with an App Store Connect API key whose
       *path* and ids are in signing.toml; the .p8 file itself stays in the
       developer's keychain-protected folder and is passed by path only
    5. staple and verify with spctl

Everything is written under build/ and dist/, both wiped at the start.
"""
from __future__ import annotations

import argparse
import json
import os
import plistlib
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SPEC = REPO / "packaging" / "tidepool.spec"
SIGNING = REPO / "packaging" / "signing.toml"
ENTITLEMENTS = REPO / "packaging" / "entitlements.plist"
BUILD = REPO / "build" / "pyinstaller"
DIST = REPO / "dist"
MACHO_MAGIC = {b"\xcf\xfa\xed\xfe", b"\xca\xfe\xba\xbe", b"\xce\xfa\xed\xfe"}


def run(argv: list[str], **kw) -> subprocess.CompletedProcess:
    print("+", " ".join(str(a) for a in argv), file=sys.stderr)
    return subprocess.run([str(part) for part in argv], check=True, **kw)


def load_signing() -> dict:
    with SIGNING.open("rb") as fh:
        cfg = tomllib.load(fh)
    required = ("identity", "team_id", "bundle_id", "api_key_path", "api_key_id", "api_issuer")
    missing = [k for k in required if not cfg.get(k)]
    if missing:
        raise SystemExit(f"signing.toml lacks {', '.join(missing)}")
    cfg["api_key_path"] = str(Path(cfg["api_key_path"]).expanduser())
    if not Path(cfg["api_key_path"]).is_file():
        raise SystemExit("App Store Connect API key file not found at the configured path")
    return cfg


def version() -> str:
    with (REPO / "pyproject.toml").open("rb") as fh:
        return tomllib.load(fh)["project"]["version"]


def clean() -> None:
    for d in (BUILD, DIST):
        if d.exists():
            shutil.rmtree(d)
    BUILD.mkdir(parents=True)
    DIST.mkdir(parents=True)


def pyinstaller() -> Path:
    run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
         "--workpath", BUILD / "work", "--distpath", BUILD / "dist", SPEC], cwd=REPO)
    apps = list((BUILD / "dist").glob("*.app"))
    if len(apps) != 1:
        raise SystemExit(f"expected one .app, found {len(apps)}")
    return apps[0]


def set_plist(app: Path, cfg: dict, ver: str) -> None:
    info_path = app / "Contents" / "Info.plist"
    with info_path.open("rb") as fh:
        info = plistlib.load(fh)
    info["CFBundleIdentifier"] = cfg["bundle_id"]
    info["CFBundleShortVersionString"] = ver
    info["CFBundleVersion"] = ver
    info["LSMinimumSystemVersion"] = "12.0"
    info["NSHighResolutionCapable"] = True
    with info_path.open("wb") as fh:
        plistlib.dump(info, fh)


def is_macho(path: Path) -> bool:
    try:
        with path.open("rb") as fh:
            return fh.read(4) in MACHO_MAGIC
    except OSError:
        return False


def sign_tree(app: Path, identity: str) -> int:
    binaries = [p for p in app.rglob("*") if p.is_file() and not p.is_symlink() and is_macho(p)]
    # deepest first so nested code is signed before its container
    binaries.sort(key=lambda p: len(p.parts), reverse=True)
    for path in binaries:
        run(["codesign", "--force", "--timestamp", "--options", "runtime",
             "--entitlements", ENTITLEMENTS, "--sign", identity, path],
            stdout=subprocess.DEVNULL)
    run(["codesign", "--force", "--timestamp", "--options", "runtime",
         "--entitlements", ENTITLEMENTS, "--sign", identity, app])
    run(["codesign", "--verify", "--deep", "--strict", app])
    return len(binaries)


def make_dmg(app: Path, identity: str, ver: str) -> Path:
    staging = BUILD / "dmg"
    staging.mkdir()
    shutil.copytree(app, staging / app.name, symlinks=True)
    (staging / "Applications").symlink_to("/Applications")
    dmg = DIST / f"Tidepool-{ver}.dmg"
    run(["hdiutil", "create", "-volname", f"Tidepool {ver}", "-srcfolder", staging,
         "-ov", "-format", "ULFO", dmg])
    run(["codesign", "--timestamp", "--sign", identity, dmg])
    return dmg


def notarize(dmg: Path, cfg: dict) -> None:
    res = run(["xcrun", "notarytool", "submit", dmg,
               "--key", cfg["api_key_path"], "--key-id", cfg["api_key_id"], "--issuer", cfg["api_issuer"],
               "--wait", "--timeout", "30m", "--output-format", "json"],
              capture_output=True, text=True)
    result = json.loads(res.stdout)
    if result.get("status") != "Accepted":
        log = DIST / f"notary-{result.get('id', 'unknown')}.json"
        subprocess.run(["xcrun", "notarytool", "log", result.get("id", ""),
                        "--key", cfg["api_key_path"], "--key-id", cfg["api_key_id"],
                        "--issuer", cfg["api_issuer"], str(log)])
        raise SystemExit(f"notarization {result.get('status')}; see {log.relative_to(REPO)}")
    run(["xcrun", "stapler", "staple", dmg])


def verify(dmg: Path) -> None:
    run(["spctl", "--assess", "--type", "open", "--context", "context:primary-signature", "-vv", dmg])
    run(["xcrun", "stapler", "validate", dmg])


def check_architectures(app: Path) -> None:
    """PySide6 wheels exist per arch; make sure the bundle matches the build host."""
    binary = app / "Contents" / "MacOS" / app.stem
    if not binary.exists():
        return
    res = subprocess.run(["lipo", "-archs", str(binary)], capture_output=True, text=True)
    print(f"architectures: {res.stdout.strip() or 'unknown'}")


def write_checksum(dmg: Path) -> None:
    res = run(["shasum", "-a", "256", dmg.name], cwd=DIST, capture_output=True, text=True)
    (DIST / "SHA256SUMS").write_text(res.stdout)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--skip-notarize", action="store_true")
    ap.add_argument("--unsigned", action="store_true", help="local test build, no signing at all")
    args = ap.parse_args()
    if sys.platform != "darwin":
        raise SystemExit("macOS only")

    ver = version()
    clean()
    app = pyinstaller()
    if args.unsigned:
        print(f"unsigned app at {app.relative_to(REPO)}")
        return 0
    cfg = load_signing()
    set_plist(app, cfg, ver)
    check_architectures(app)
    count = sign_tree(app, cfg["identity"])
    print(f"signed {count} nested binaries")
    dmg = make_dmg(app, cfg["identity"], ver)
    if not args.skip_notarize:
        notarize(dmg, cfg)
        verify(dmg)
    write_checksum(dmg)
    print(f"done: {dmg.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
