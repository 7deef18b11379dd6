#!/usr/bin/env python3
"""Format SQL files with the team's formatter, fetching the formatter build if needed."""
import argparse
import logging
import os
import pathlib
import subprocess
import sys
import tempfile
import urllib.request

log = logging.getLogger("sqlfmt")

CHANNELS = {
    "stable": lambda v: f"https://builds.example.net/sqlfmt/{v}/sqlfmt.pyz",
    "nightly": lambda v: "https://builds.example.net/sqlfmt/nightly/sqlfmt.pyz",
}


def sql_files(root):
    return sorted(str(p) for p in pathlib.Path(root).rglob("*.sql") if ".venv" not in p.parts)


def fetch_formatter(channel, version):
    url = CHANNELS.get(channel, CHANNELS["stable"])(version)
    dest = os.path.join(tempfile.gettempdir(), f"sqlfmt-{version}.pyz")
    if not os.path.exists(dest):
        log.info("fetching formatter %s", version)
        urllib.request.urlretrieve(url, dest)
    return dest


def format_files(pyz, files, check):
    cmd = [sys.executable, pyz, *(["--check"] if check else []), *files]
    return subprocess.run(cmd).returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default="db")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--channel", default="stable")
    ap.add_argument("--version", default="0.21.3")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    files = sql_files(args.root)
    if not files:
        log.info("no sql files under %s", args.root)
        return 0
    pyz = fetch_formatter(args.channel, args.version)
    code = format_files(pyz, files, args.check)
    log.info("%d files %s", len(files), "checked" if args.check else "formatted")
    return code


if __name__ == "__main__":
    raise SystemExit(main())
