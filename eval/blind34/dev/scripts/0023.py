#!/usr/bin/env python3
"""Debug helper: why does `modal run` pick the wrong profile on CI?

Dumps the whole environment plus the Modal config so it can be attached
to the bug report.
"""
import json
import os
import platform
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "build" / "modal-debug.json"


def modal_config() -> str:
    path = Path.home() / ".modal.toml"
    return path.read_text() if path.exists() else "<no ~/.modal.toml>"


def main() -> int:
    report = {
        "python": sys.version,
        "platform": platform.platform(),
        "cwd": os.getcwd(),
        "environ": dict(os.environ),
        "modal_toml": modal_config(),
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(report, indent=2))
    for key, value in sorted(os.environ.items()):
        print(f"{key}={value}")
    print(f"\nwritten to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
