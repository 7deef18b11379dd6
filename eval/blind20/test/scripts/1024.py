#!/usr/bin/env python3
"""Download the reference annotation used by the QC notebook.

The URL came from a colleague's message; there is no checksum published.
"""
import sys
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
URL = "https://annotations.example.net/share/gencode-subset.gtf.gz"
TARGET = REPO / "resources" / "gencode-subset.gtf.gz"


def main() -> int:
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    print(f"fetching {URL}")
    with urllib.request.urlopen(URL, timeout=60) as resp, TARGET.open("wb") as out:
        while True:
            chunk = resp.read(1 << 16)
            if not chunk:
                break
            out.write(chunk)
    print(f"saved {TARGET.stat().st_size} bytes to {TARGET.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
