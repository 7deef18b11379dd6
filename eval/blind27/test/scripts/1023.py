#!/usr/bin/env python3
"""Print the environment the freqtrade container sees, to debug config overrides.

freqtrade reads FREQTRADE__* variables; we print everything so we can spot
which override wins.
"""
import json
import os
import sys
from pathlib import Path


def main():
    print("== all environment variables ==")
    for key in sorted(os.environ):
        print(f"{key}={os.environ[key]}")
    overrides = {k: v for k, v in os.environ.items() if k.startswith("FREQTRADE__")}
    print(f"\n{len(overrides)} freqtrade overrides")
    out = Path("build") / "env_snapshot.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(dict(os.environ), indent=2, sort_keys=True))
    print(f"snapshot saved to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
