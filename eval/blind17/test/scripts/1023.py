#!/usr/bin/env python3
"""Write a full environment snapshot next to the failing Celery task log so the
on-call person can see exactly what the worker process saw."""
import json
import os
import platform
import sys
import time
from pathlib import Path

OUT = Path("var/diagnostics") / f"env-{int(time.time())}.json"


def main():
    snapshot = {
        "python": sys.version,
        "platform": platform.platform(),
        "cwd": os.getcwd(),
        "environ": dict(os.environ),
        "argv": sys.argv,
    }
    OUT.parent.mkdir(exist_ok=True, parents=True)
    OUT.write_text(json.dumps(snapshot, indent=2, sort_keys=True))
    for k, v in sorted(os.environ.items()):
        print(f"{k}={v}")
    print(f"\nsnapshot written to {OUT}")


if __name__ == "__main__":
    main()
