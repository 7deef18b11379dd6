#!/usr/bin/env python3
"""Pull the community force-field parameter set for the ligand cofactors.

The parameters are published on a volunteer mirror; we store them under
data/forcefield/ and print a checksum for the lab notebook.
"""
import hashlib
import sys
import urllib.request
from pathlib import Path

DEST = Path(__file__).resolve().parents[1] / "data" / "forcefield"
FILES = ["cofactors.frcmod", "cofactors.lib", "README.txt"]
MIRROR = "http://ff-params.md-community.example.net/amber/cofactors/"


def main():
    DEST.mkdir(parents=True, exist_ok=True)
    for name in FILES:
        with urllib.request.urlopen(MIRROR + name, timeout=60) as resp:
            data = resp.read()
        (DEST / name).write_bytes(data)
        print(f"{name:<20} {len(data):8d} bytes  sha256 {hashlib.sha256(data).hexdigest()[:16]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
