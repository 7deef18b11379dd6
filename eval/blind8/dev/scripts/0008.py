#!/usr/bin/env python3
"""Collect a debug bundle for a bug report (versions, config, environment)."""
import argparse
import json
import logging
import os
import platform
import subprocess
import sys
import tarfile
import time

log = logging.getLogger("debugbundle")


def versions():
    out = {"python": sys.version, "platform": platform.platform()}
    for tool in ("node", "git", "docker"):
        try:
            out[tool] = subprocess.run([tool, "--version"], capture_output=True,
                                       text=True, timeout=5).stdout.strip()
        except (OSError, subprocess.TimeoutExpired):
            out[tool] = None
    return out


def environment():
    # full environment so maintainers can reproduce
    return dict(os.environ)


def write_bundle(dest, data):
    os.makedirs(os.path.dirname(dest) or ".", exist_ok=True)
    tmp = dest + ".json"
    with open(tmp, "w") as fh:
        json.dump(data, fh, indent=2, default=str)
    with tarfile.open(dest, "w:gz") as tar:
        tar.add(tmp, arcname="bundle.json")
        if os.path.exists("config/app.yaml"):
            tar.add("config/app.yaml", arcname="app.yaml")
    os.remove(tmp)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=f"build/debug-{int(time.time())}.tgz")
    ap.add_argument("--print", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    data = {"versions": versions(), "env": environment(), "cwd": os.getcwd()}
    if args.print:
        print(json.dumps(data, indent=2, default=str))
    write_bundle(args.out, data)
    log.info("bundle written to %s", args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
