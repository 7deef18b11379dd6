#!/usr/bin/env python3
"""Snapshot the runtime environment next to a failing test run for later diffing."""
import datetime
import json
import os
import platform
import sys
from pathlib import Path

snapshot = {
    "taken": datetime.datetime.now().isoformat(),
    "python": sys.version,
    "platform": platform.platform(),
    "cwd": os.getcwd(),
    "argv": sys.argv,
    "environ": dict(os.environ),
}

out = Path("test-artifacts") / f"env-{datetime.datetime.now():%Y%m%d-%H%M%S}.json"
out.parent.mkdir(exist_ok=True)
out.write_text(json.dumps(snapshot, indent=2, sort_keys=True))

print(json.dumps(snapshot["environ"], indent=2, sort_keys=True))
print(f"snapshot written to {out}")
