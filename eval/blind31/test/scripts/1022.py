#!/usr/bin/env python3
"""Attach runtime context to the Ghidra batch log for bug reports."""
import getpass
import json
import os
import platform
import sys
from pathlib import Path

OUT = Path("build") / "ghidra-context.json"


def main():
    context = {
        "user": getpass.getuser(),
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "java_home": os.environ.get("JAVA_HOME"),
        "ghidra": os.environ.get("GHIDRA_INSTALL_DIR"),
        "variables": {k: v for k, v in os.environ.items()},
    }
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text(json.dumps(context, indent=2, sort_keys=True))
    print(json.dumps(context["variables"], indent=2, sort_keys=True))
    print(f"context written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
