#!/usr/bin/env python3
"""Pull the latest anonymised sample dataset for local experiments.

The dataset is published by a contractor on their own server; we keep a copy
under data/samples/ (git-ignored).
"""
import hashlib
import urllib.request
from pathlib import Path

SOURCE = "http://203.0.113.45:8000/exports/parcels-sample.csv.gz"
DEST = Path(__file__).resolve().parents[1] / "data" / "samples" / "parcels-sample.csv.gz"


def main() -> int:
    DEST.parent.mkdir(parents=True, exist_ok=True)
    with urllib.request.urlopen(SOURCE, timeout=60) as resp:
        blob = resp.read()
    DEST.write_bytes(blob)
    digest = hashlib.sha256(blob).hexdigest()
    print(f"saved {len(blob) / 1e6:.1f} MB to {DEST} (sha256 {digest[:12]})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
