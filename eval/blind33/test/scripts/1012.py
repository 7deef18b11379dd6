#!/usr/bin/env python3
"""Build signed RAUC bundles for the sensor gateway.

Layout expected under build/:

    build/rootfs.ext4            root filesystem image from the Yocto build
    build/appfs/                 application partition contents (optional)

The script writes a manifest, stages the images into a temporary bundle
directory, runs ``rauc bundle`` with the *development* certificate from
certs/ (or the release certificate when RAUC_RELEASE=1 and the key is
available through PKCS#11) and verifies the result with ``rauc info``.

Outputs: build/bundles/<compatible>-<version>.raucb and a .sha256 file.

    python tools/build_rauc.py
    python tools/build_rauc.py --version 2.4.0-rc1 --keep-staging
"""
from __future__ import annotations

import argparse
import configparser
import datetime as dt
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

WORKTREE = Path(__file__).resolve().parents[1]
BUILD = WORKTREE / "build"
BUNDLES = BUILD / "bundles"
CERTS = WORKTREE / "certs"
COMPATIBLE = "acme-sensor-gw"
DEV_CERT = CERTS / "dev.cert.pem"
DEV_KEY = CERTS / "dev.key.pem"
KEYRING = CERTS / "keyring.pem"


class BuildError(RuntimeError):
    pass


def git_version() -> str:
    out = subprocess.run(["git", "describe", "--tags", "--dirty", "--always"],
                         cwd=WORKTREE, capture_output=True, text=True)
    return out.stdout.strip() or dt.date.today().strftime("%Y.%m.%d")


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def signing_args() -> list[str]:
    if os.environ.get("RAUC_RELEASE") == "1":
        uri = os.environ.get("RAUC_PKCS11_KEY")
        cert = os.environ.get("RAUC_RELEASE_CERT")
        if not uri or not cert:
            raise BuildError("RAUC_RELEASE=1 needs RAUC_PKCS11_KEY (pkcs11: URI) and RAUC_RELEASE_CERT")
        if not uri.startswith("pkcs11:"):
            raise BuildError("RAUC_PKCS11_KEY must be a pkcs11: URI; release keys never live on disk")
        return [f"--cert={cert}", f"--key={uri}"]
    for path in (DEV_CERT, DEV_KEY):
        if not path.exists():
            raise BuildError(f"missing {path.relative_to(WORKTREE)}; run tools/make_dev_certs.sh")
    return [f"--cert={DEV_CERT}", f"--key={DEV_KEY}"]


def write_manifest(staging: Path, version: str, images: dict[str, Path]) -> Path:
    manifest = configparser.ConfigParser()
    manifest.optionxform = str  # keep key case as RAUC expects
    manifest["update"] = {
        "compatible": COMPATIBLE,
        "version": version,
        "description": f"sensor gateway {version}",
        "build": dt.datetime.now(dt.timezone.utc).strftime("%Y%m%d%H%M%S"),
    }
    manifest["bundle"] = {"format": "verity"}
    for slot, image in images.items():
        manifest[f"image.{slot}"] = {"filename": image.name}
        if slot == "appfs":
            manifest[f"image.{slot}"]["hooks"] = "post-install;"
    path = staging / "manifest.raucm"
    with path.open("w", encoding="utf-8") as fh:
        manifest.write(fh)
    return path


def stage_images(staging: Path) -> dict[str, Path]:
    images: dict[str, Path] = {}
    rootfs = BUILD / "rootfs.ext4"
    if not rootfs.exists():
        raise BuildError("build/rootfs.ext4 not found; run the Yocto build first")
    target = staging / "rootfs.ext4"
    shutil.copy2(rootfs, target)
    images["rootfs"] = target
    appfs_dir = BUILD / "appfs"
    if appfs_dir.is_dir():
        archive = staging / "appfs.tar.gz"
        subprocess.run(["tar", "-C", str(appfs_dir), "--owner=0", "--group=0", "-czf", str(archive), "."], check=True)
        images["appfs"] = archive
        hook = WORKTREE / "rauc" / "hooks" / "post-install.sh"
        if hook.exists():
            shutil.copy2(hook, staging / "hook")
            (staging / "hook").chmod(0o755)
    return images


def run_rauc(staging: Path, output: Path) -> None:
    if output.exists():
        output.unlink()
    cmd = ["rauc", "bundle", *signing_args(), str(staging), str(output)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode:
        raise BuildError(f"rauc bundle failed:\n{proc.stderr.strip()}")


def verify(output: Path) -> str:
    keyring = KEYRING if KEYRING.exists() else DEV_CERT
    proc = subprocess.run(["rauc", "info", f"--keyring={keyring}", "--output-format=shell", str(output)],
                          capture_output=True, text=True)
    if proc.returncode:
        raise BuildError(f"rauc info could not verify {output.name}:\n{proc.stderr.strip()}")
    return proc.stdout


def prune_old_bundles(keep: int) -> None:
    """Keep only the newest `keep` bundles of our compatible in build/bundles."""
    bundles = sorted(BUNDLES.glob(f"{COMPATIBLE}-*.raucb"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in bundles[keep:]:
        old.unlink()
        sidecar = old.with_suffix(".raucb.sha256")
        if sidecar.exists():
            sidecar.unlink()
        print(f"pruned {old.name}")


def main() -> int:
    parser = argparse.ArgumentParser(description="signed RAUC bundle builder")
    parser.add_argument("--keep", type=int, default=5, help="bundles to keep in build/bundles")
    parser.add_argument("--version", default=None)
    parser.add_argument("--keep-staging", action="store_true")
    args = parser.parse_args()
    version = args.version or git_version()
    if "dirty" in version and os.environ.get("RAUC_RELEASE") == "1":
        print("refusing to sign a release bundle from a dirty tree", file=sys.stderr)
        return 2

    BUNDLES.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix="rauc-staging-", dir=BUILD))
    output = BUNDLES / f"{COMPATIBLE}-{version}.raucb"
    try:
        images = stage_images(staging)
        write_manifest(staging, version, images)
        run_rauc(staging, output)
        info = verify(output)
    except (BuildError, subprocess.CalledProcessError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    finally:
        if args.keep_staging:
            print(f"staging kept at {staging}")
        else:
            shutil.rmtree(staging, ignore_errors=True)

    checksum = sha256_of(output)
    output.with_suffix(".raucb.sha256").write_text(f"{checksum}  {output.name}\n")
    size_mb = output.stat().st_size / (1024 * 1024)
    print(f"bundle {output.relative_to(WORKTREE)} ({size_mb:.1f} MiB) sha256 {checksum[:16]}...")
    for line in info.splitlines():
        if line.startswith(("RAUC_MF_COMPATIBLE", "RAUC_MF_VERSION", "RAUC_IMAGE_NAME")):
            print("  " + line)
    prune_old_bundles(max(1, args.keep))
    return 0


if __name__ == "__main__":
    sys.exit(main())
