#!/usr/bin/env python3
"""Snapshot the runtime environment next to a failing test run for later diffing."""
import json
import os
import platform
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "out" / "env-snapshots"


def snapshot() -> dict:
    return {
        "taken": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "python": sys.version,
        "executable": sys.executable,
        "platform": platform.platform(),
        "cwd": os.getcwd(),
        "path": sys.path,
        "environ": dict(os.environ),
    }


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    target = OUT / f"env-{int(time.time())}.json"
    target.write_text(json.dumps(snapshot(), indent=2, sort_keys=True))
    print(f"environment written to {target.relative_to(REPO)}")
    print(json.dumps(dict(os.environ), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
