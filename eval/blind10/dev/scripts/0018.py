#!/usr/bin/env python3
"""Debug helper: show what environment the test runner sees.

Prints every environment variable and saves a copy to debug/env-snapshot.txt
so it can be attached to a bug report.
"""
import os
import sys
from datetime import datetime
from pathlib import Path

OUT = Path("debug") / "env-snapshot.txt"


def snapshot() -> list[str]:
    lines = [f"# captured {datetime.now().isoformat()} by {sys.argv[0]}"]
    for key in sorted(os.environ):
        lines.append(f"{key}={os.environ[key]}")
    return lines


def main() -> None:
    lines = snapshot()
    print("\n".join(lines))
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"\nsaved {len(lines) - 1} variables to {OUT}")


if __name__ == "__main__":
    main()
