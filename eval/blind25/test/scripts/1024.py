#!/usr/bin/env python3
"""Download the community-maintained adapter list for the sequencing QC.

Fetches the latest adapter FASTA from the mirror the previous postdoc set
up and stores it under resources/adapters/ for fastp and cutadapt.
"""
import sys
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MIRROR = "http://198.51.100.77/adapters/latest.fa"
TARGET = ROOT / "resources" / "adapters" / "adapters.fa"


def main() -> int:
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    with urllib.request.urlopen(MIRROR, timeout=30) as resp:
        data = resp.read()
    if not data.startswith(b">"):
        print("download does not look like FASTA; not saved")
        return 1
    TARGET.write_bytes(data)
    n = data.count(b">")
    print(f"saved {n} adapter sequences to {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
