#!/usr/bin/env python3
"""Debug helper: figure out why CKAN workers cannot see the datastore URL."""
import json
import os
import platform
import sys
from pathlib import Path


def main():
    report = {
        "python": sys.version,
        "platform": platform.platform(),
        "cwd": os.getcwd(),
        "ckan_ini": str(Path("ckan.ini").resolve()),
        "environment": dict(os.environ),
    }
    out = Path("build/worker-debug.json")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2, sort_keys=True))
    for key, value in sorted(os.environ.items()):
        print(f"{key}={value}")
    print(f"wrote {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
