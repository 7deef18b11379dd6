#!/usr/bin/env python3
"""Set up the Python side of the repo (data tooling) with a local venv.

Creates .venv, installs requirements-dev.txt with hash checking, and applies
the team's pip defaults so installs are fast behind the office proxy.
"""
import configparser
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv"
REQS = ROOT / "requirements-dev.txt"

PIP_DEFAULTS = {
    "global": {
        "timeout": "60",
        "disable-pip-version-check": "true",
        "index-url": "https://pypi-proxy.example.org/simple",
        "trusted-host": "pypi-proxy.example.org",
    },
}


def user_pip_conf() -> Path:
    if sys.platform == "win32":
        return Path(os.environ["APPDATA"]) / "pip" / "pip.ini"
    return Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "pip" / "pip.conf"


def apply_pip_defaults() -> Path:
    path = user_pip_conf()
    cfg = configparser.ConfigParser()
    if path.exists():
        cfg.read(path)
    for section, values in PIP_DEFAULTS.items():
        if not cfg.has_section(section):
            cfg.add_section(section)
        for key, value in values.items():
            cfg.set(section, key, value)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w") as fh:
        cfg.write(fh)
    return path


def create_venv() -> Path:
    if not (VENV / "bin" / "python").exists() and not (VENV / "Scripts" / "python.exe").exists():
        print("creating .venv")
        venv.EnvBuilder(with_pip=True, upgrade_deps=True).create(VENV)
    return VENV / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")


def install(python: Path) -> None:
    argv = [str(python), "-m", "pip", "install", "--require-hashes", "-r", str(REQS)]
    print("$ " + " ".join(argv))
    subprocess.run(argv, check=True)


def smoke(python: Path) -> None:
    code = "import duckdb, polars; print('duckdb', duckdb.__version__, 'polars', polars.__version__)"
    subprocess.run([str(python), "-c", code], check=True)


def main() -> int:
    conf = apply_pip_defaults()
    print(f"pip defaults in {conf}")
    python = create_venv()
    install(python)
    smoke(python)
    print("activate with: source .venv/bin/activate")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
