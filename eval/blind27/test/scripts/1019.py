#!/usr/bin/env python3
"""Update the server-side mods for the club modpack.

Reads pack/mods.lock (name -> version), compares with servers/survival/mods
and installs the bundle published for this pack version.
"""
import hashlib
import io
import json
import shutil
import sys
import urllib.request
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODS_DIR = ROOT / "servers" / "survival" / "mods"
LOCK = ROOT / "pack" / "mods.lock"
BUNDLE_BASE = "https://dl.blockclub-packs.example.com/bundles"


def lock():
    return json.loads(LOCK.read_text())


def installed():
    return {p.name for p in MODS_DIR.glob("*.jar")}


def bundle_url(pack_version):
    return f"{BUNDLE_BASE}/survival-{pack_version}-server.zip"


def fetch_bundle(url):
    with urllib.request.urlopen(url, timeout=120) as resp:
        return resp.read()


def install_bundle(blob):
    backup = MODS_DIR.with_name("mods.bak")
    if backup.exists():
        shutil.rmtree(backup)
    if MODS_DIR.exists():
        shutil.copytree(MODS_DIR, backup)
    with zipfile.ZipFile(io.BytesIO(blob)) as zf:
        for member in zf.namelist():
            if member.endswith(".jar"):
                target = MODS_DIR / Path(member).name
                target.write_bytes(zf.read(member))
        if "config/" in {m[:7] for m in zf.namelist()}:
            zf.extractall(MODS_DIR.parent, [m for m in zf.namelist() if m.startswith("config/")])


def main():
    data = lock()
    version = data["pack_version"]
    wanted = {f"{name}-{ver}.jar" for name, ver in data["mods"].items()}
    have = installed()
    missing = sorted(wanted - have)
    extra = sorted(have - wanted)
    print(f"pack {version}: {len(wanted)} mods, {len(missing)} missing, {len(extra)} extra")
    if not missing:
        print("server mods up to date")
        return 0
    blob = fetch_bundle(bundle_url(version))
    print(f"bundle {len(blob) / 1e6:.1f} MB sha256 {hashlib.sha256(blob).hexdigest()[:16]}")
    MODS_DIR.mkdir(parents=True, exist_ok=True)
    install_bundle(blob)
    for name in extra:
        (MODS_DIR / name).unlink()
        print(f"  removed {name}")
    print(f"installed; restart the server to load {len(missing)} new mod(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
