#!/usr/bin/env python3
"""Collect a support bundle for a failing pachctl / dvc setup."""
import os
import platform
import subprocess
import tarfile
import time
from pathlib import Path

import yaml

BUNDLE_DIR = Path("build/support")


def capture(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"<{exc}>"


def main():
    BUNDLE_DIR.mkdir(parents=True, exist_ok=True)
    info = {
        "platform": platform.platform(),
        "pachctl": capture(["pachctl", "version", "--client-only"]),
        "dvc": capture(["dvc", "version"]),
        "environment": {key: value for key, value in os.environ.items()},
    }
    path = BUNDLE_DIR / "environment.yaml"
    path.write_text(yaml.safe_dump(info, sort_keys=True))
    archive = BUNDLE_DIR / f"bundle-{int(time.time())}.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(path, arcname=path.name)
    print(path.read_text())
    print(f"bundle: {archive}")


if __name__ == "__main__":
    main()
