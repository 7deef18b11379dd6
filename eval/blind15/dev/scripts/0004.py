#!/usr/bin/env python3
"""Print a debugging snapshot for a flaky integration test run."""
import os
import platform
import sys
from pathlib import Path

OUT = Path("debug") / "snapshot.txt"


def python_info():
    return [
        f"python {sys.version.split()[0]} ({sys.executable})",
        f"platform {platform.platform()}",
        f"cwd {os.getcwd()}",
    ]


def environment():
    # Everything, so nothing relevant to the flake is missed.
    return [f"{key}={value}" for key, value in sorted(os.environ.items())]


def main():
    lines = ["== interpreter =="] + python_info()
    lines += ["", "== environment =="] + environment()
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))
    print(f"\n(saved to {OUT})")


if __name__ == "__main__":
    main()
