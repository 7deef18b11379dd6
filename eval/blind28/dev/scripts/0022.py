#!/usr/bin/env python3
"""Debug helper: why does label-studio pick the wrong database?

Prints the full process environment and the Label Studio related files so
the output can be pasted into the issue.
"""
import os
import platform
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    print(f"python {sys.version.split()[0]} on {platform.platform()}")
    print(f"cwd {os.getcwd()}")
    print("\n--- environment ---")
    for key in sorted(os.environ):
        print(f"{key}={os.environ[key]}")
    print("\n--- .env ---")
    env_file = ROOT / ".env"
    if env_file.exists():
        print(env_file.read_text())
    out = ROOT / "build" / "debug-env.txt"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(f"{k}={v}" for k, v in sorted(os.environ.items())))
    print(f"\n(also written to {out.relative_to(ROOT)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
