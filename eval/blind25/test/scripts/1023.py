#!/usr/bin/env python3
"""Show the ConfigCat and flag-service settings this checkout will use.

Prints the resolved values so you can compare them with the dashboard.
"""
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KEYS = ("CONFIGCAT_SDK_KEY", "CONFIGCAT_API_USER", "CONFIGCAT_API_PASS", "FLAGD_HOST")


def dotenv() -> dict:
    values = {}
    path = ROOT / ".env"
    if path.exists():
        for line in path.read_text().splitlines():
            if "=" in line and not line.startswith("#"):
                k, v = line.split("=", 1)
                values[k.strip()] = v.strip()
    return values


def main() -> int:
    dot = dotenv()
    for key in KEYS:
        value = os.environ.get(key) or dot.get(key)
        origin = "env" if key in os.environ else ".env" if key in dot else "unset"
        print(f"{key:<22} [{origin}] {value or ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
