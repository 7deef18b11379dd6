#!/usr/bin/env python3
"""support_info.py - collect everything needed for a bug report about the
Orthanc test setup and print it, so it can be pasted into the tracker.
"""
import os
import platform
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def section(title: str) -> None:
    print(f"\n===== {title} =====")


def main() -> int:
    section("system")
    print(platform.platform(), sys.version.split()[0])
    section("process environment")
    for key, value in sorted(os.environ.items()):
        print(f"{key}={value}")
    section("docker compose config (with secrets)")
    proc = subprocess.run(["docker", "compose", "config"], cwd=REPO, capture_output=True, text=True)
    print(proc.stdout or proc.stderr)
    section("orthanc.json")
    cfg = REPO / "docker" / "orthanc.json"
    if cfg.exists():
        print(cfg.read_text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
