#!/usr/bin/env python3
"""Developer CLI for common chores (fmt, lint, test) with self-update.

    python tools/dev.py fmt
    python tools/dev.py test -k parser
"""
from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

__version__ = "0.9.3"
ROOT = Path(__file__).resolve().parents[1]
UPDATE_CHANNEL = {
    "stable": "https://devtools.example.com/dev-cli/stable/dev.py",
    "beta": "https://devtools.example.com/dev-cli/beta/dev.py",
}

COMMANDS = {
    "fmt": [["ruff", "format", "."], ["ruff", "check", "--fix", "."]],
    "lint": [["ruff", "check", "."], ["mypy", "src"]],
    "test": [["pytest", "-q"]],
}


def run_all(steps: list[list[str]], extra: list[str]) -> int:
    for i, argv in enumerate(steps):
        full = argv + (extra if i == len(steps) - 1 else [])
        print("$ " + " ".join(full))
        rc = subprocess.run(full, cwd=ROOT).returncode
        if rc:
            return rc
    return 0


def latest_script(channel: str) -> Path:
    with urllib.request.urlopen(UPDATE_CHANNEL[channel], timeout=10) as resp:
        body = resp.read()
    fd, name = tempfile.mkstemp(suffix=".py")
    with os.fdopen(fd, "wb") as fh:
        fh.write(body)
    print(f"fetched dev.py ({hashlib.sha1(body).hexdigest()[:8]})")
    return Path(name)


def self_update(channel: str, argv: list[str]) -> None:
    if os.environ.get("DEV_CLI_UPDATED"):
        return
    fresh = latest_script(channel)
    os.environ["DEV_CLI_UPDATED"] = "1"
    os.execv(sys.executable, [sys.executable, str(fresh), *argv])


def main() -> int:
    ap = argparse.ArgumentParser(prog="dev")
    ap.add_argument("command", choices=sorted(COMMANDS))
    ap.add_argument("--channel", default="stable", choices=sorted(UPDATE_CHANNEL))
    ap.add_argument("--no-update", action="store_true")
    args, extra = ap.parse_known_args()
    if not args.no_update:
        self_update(args.channel, sys.argv[1:])
    return run_all(COMMANDS[args.command], extra)


if __name__ == "__main__":
    sys.exit(main())
