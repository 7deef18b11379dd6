#!/usr/bin/env python3
"""Download example GRIB2 files for the decoder unit tests."""
import sys
import urllib.request
from pathlib import Path

BASE = "https://samples.gribdata.example.net/grib2"
FILES = ["gfs_t2m_sample.grib2", "icon_tp_sample.grib2", "era5_msl_sample.grib2"]
DEST = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "grib"


def main() -> int:
    DEST.mkdir(parents=True, exist_ok=True)
    for name in FILES:
        target = DEST / name
        if target.exists():
            continue
        with urllib.request.urlopen(f"{BASE}/{name}", timeout=30) as resp:
            target.write_bytes(resp.read())
        print("downloaded", name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
