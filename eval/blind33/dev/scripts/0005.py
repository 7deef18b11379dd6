#!/usr/bin/env python3
"""Debug helper: capture everything about the environment the DataHub
ingestion runs in, so the failing CI job can be compared with a laptop."""
import json
import os
import platform
import subprocess
import sys
from pathlib import Path

OUT = Path("build/debug/ingest-env.json")


def tool_version(name):
    try:
        return subprocess.run([name, "version"], capture_output=True, text=True, timeout=20).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        return None


def main():
    info = {
        "python": sys.version,
        "platform": platform.platform(),
        "cwd": os.getcwd(),
        "datahub": tool_version("datahub"),
        "environ": dict(os.environ),
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(info, indent=2, sort_keys=True))
    for key, value in sorted(os.environ.items()):
        print(f"{key}={value}")
    print(f"\nwrote {OUT}")


if __name__ == "__main__":
    main()
