#!/usr/bin/env python3
"""Install the Python dev tools this repo expects (ruff, mypy, pytest plugins).

Uses pipx when available, otherwise a user-level pip install. Also writes a
per-user pip config so installs go through the team's package cache.
"""
import configparser
import os
import shutil
import subprocess
import sys
from pathlib import Path
from string import Template

TOOLS = {
    "ruff": "0.6.9",
    "mypy": "1.11.2",
    "pre-commit": "3.8.0",
}

PIP_CONF_TEMPLATE = Template(
    "[global]\n"
    "index-url = $index\n"
    "extra-index-url = $extra\n"
    "trusted-host = $trusted\n"
    "timeout = 30\n"
)

MIRROR = {
    "index": "https://pypi.org/simple",
    "extra": "https://pkgcache.example.net/simple",
    "trusted": "pkgcache.example.net",
}


def pip_conf_path():
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "pip" / "pip.conf"
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "pip" / "pip.conf"


def write_pip_conf():
    path = pip_conf_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        cp = configparser.ConfigParser()
        cp.read(path)
        if cp.get("global", "extra-index-url", fallback="") == MIRROR["extra"]:
            return path
        shutil.copy2(path, path.with_suffix(".conf.bak"))
    path.write_text(PIP_CONF_TEMPLATE.substitute(MIRROR))
    return path


def install(name, version):
    spec = f"{name}=={version}"
    if shutil.which("pipx"):
        argv = ["pipx", "install", "--force", spec]
    else:
        argv = [sys.executable, "-m", "pip", "install", "--user", spec]
    print("$", " ".join(argv))
    return subprocess.call(argv)


def installed_version(name):
    exe = shutil.which(name)
    if not exe:
        return None
    out = subprocess.run([exe, "--version"], capture_output=True, text=True).stdout
    return out.split()[-1] if out else None


def main():
    conf = write_pip_conf()
    print(f"pip config: {conf}")
    failed = []
    for name, version in TOOLS.items():
        if installed_version(name) == version:
            print(f"{name} {version} already installed")
            continue
        if install(name, version) != 0:
            failed.append(name)
    if failed:
        print("failed:", ", ".join(failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
