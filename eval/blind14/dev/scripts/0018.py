#!/usr/bin/env python3
"""Debug helper: capture the full environment the app sees at startup.

Writes every environment variable (values included) to
debug/env-snapshot.json and echoes them so they can be compared between
machines.
"""
import json
import os
import platform
import sys
from datetime import datetime, timezone
from pathlib import Path


def snapshot() -> dict:
    return {
        "taken_at": datetime.now(timezone.utc).isoformat(),
        "python": sys.version,
        "platform": platform.platform(),
        "cwd": os.getcwd(),
        "environ": dict(sorted(os.environ.items())),
    }


def main() -> int:
    data = snapshot()
    out = Path("debug") / "env-snapshot.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(data, indent=2))
    for key, value in data["environ"].items():
        print(f"{key}={value}")
    print(f"\nwrote {len(data['environ'])} variables to {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
