#!/usr/bin/env python3
"""Debug helper: why does the worker pick the wrong settings in this shell?

Prints every environment variable the process sees, sorted, and stores a copy
in debug/env-snapshot.txt so it can be diffed against the container's.
"""
import os
import sys
from datetime import datetime
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "debug" / "env-snapshot.txt"


def main() -> int:
    lines = [f"# captured {datetime.now().isoformat(timespec='seconds')}"]
    for key in sorted(os.environ):
        lines.append(f"{key}={os.environ[key]}")
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text)
    print(f"\n{len(lines) - 1} variables written to {OUT}")
    settings = os.environ.get("WORKER_SETTINGS", "<unset>")
    print(f"WORKER_SETTINGS resolves to {settings}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
