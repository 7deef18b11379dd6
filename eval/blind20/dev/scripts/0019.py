#!/usr/bin/env python3
"""Prepare pip for the spack-built Python used by the simulation code.

Spack's python does not ship our pinned wheels, so this script writes the pip
settings the build needs (timeouts, wheel cache, index) and installs
requirements into the spack view.
"""
import os
import string
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VIEW = ROOT / ".spack-env" / "view"
REQS = ROOT / "requirements" / "sim.txt"

PIP_TEMPLATE = string.Template("""[global]
timeout = $timeout
index-url = https://$index_host/simple
trusted-host = $index_host
cache-dir = $cache

[install]
prefer-binary = true
""")

SETTINGS = {
    "timeout": "60",
    "cache": str(ROOT / ".cache" / "pip"),
}


def index_host():
    region = os.environ.get("SIM_REGION", "eu")
    hosts = {"eu": "wheels-eu.example.org", "us": "wheels-us.example.org"}
    return hosts.get(region, hosts["eu"])


def pip_conf_path() -> Path:
    base = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config"))
    return base / "pip" / "pip.conf"


def write_pip_conf():
    target = pip_conf_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    text = PIP_TEMPLATE.substitute(SETTINGS, index_host=index_host())
    target.write_text(text)
    return target


def spack_python() -> Path:
    py = VIEW / "bin" / "python3"
    if not py.exists():
        raise SystemExit("spack view missing; run `spack -e . install` first")
    return py


def install(py: Path):
    argv = [str(py), "-m", "pip", "install", "--upgrade", "-r", str(REQS)]
    print("+", " ".join(argv))
    return subprocess.call(argv, cwd=ROOT)


def check(py: Path):
    code = "import numpy, scipy, mpi4py; print(numpy.__version__, scipy.__version__)"
    res = subprocess.run([str(py), "-c", code], capture_output=True, text=True)
    print(res.stdout.strip() or res.stderr.strip())
    return res.returncode


def main():
    py = spack_python()
    (ROOT / ".cache" / "pip").mkdir(parents=True, exist_ok=True)
    conf = write_pip_conf()
    print(f"pip settings written to {conf}")
    rc = install(py)
    if rc:
        return rc
    return check(py)


if __name__ == "__main__":
    sys.exit(main())
