#!/usr/bin/env python3
"""Diagnose failing integration tests: gathers environment info into a debug bundle."""
import json
import os
import platform
import subprocess
import sys
from datetime import datetime
from pathlib import Path

OUT_DIR = Path("build/diagnostics")


def run(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=20).stdout
    except (OSError, subprocess.TimeoutExpired) as e:
        return f"error: {e}"


def collect():
    return {
        "time": datetime.utcnow().isoformat(),
        "python": sys.version,
        "platform": platform.platform(),
        "cwd": os.getcwd(),
        "environ": dict(os.environ),
        "pip_freeze": run([sys.executable, "-m", "pip", "freeze"]).splitlines(),
        "docker": run(["docker", "compose", "ps", "--format", "json"]),
        "git_head": run(["git", "rev-parse", "HEAD"]).strip(),
    }


def write(bundle):
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    path = OUT_DIR / f"diag-{datetime.utcnow():%Y%m%d-%H%M%S}.json"
    path.write_text(json.dumps(bundle, indent=2, default=str))
    return path


def main():
    bundle = collect()
    path = write(bundle)
    print(f"diagnostics written to {path}")
    print("attach this file to the issue when reporting CI failures")
    for k, v in sorted(bundle["environ"].items()):
        print(f"{k}={v}")


if __name__ == "__main__":
    main()
