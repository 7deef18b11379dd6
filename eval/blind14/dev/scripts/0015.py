#!/usr/bin/env python3
"""Speed up dependency installs for the team.

Creates a project-local virtualenv, installs requirements with a shared
wheel cache, and configures pip so later installs reuse the mirror.
"""
import os
import subprocess
import sys
import venv
from pathlib import Path

PROJECT = Path.cwd()
VENV = PROJECT / ".venv"
WHEEL_CACHE = Path.home() / ".cache" / "pip"

MIRRORS = {
    "default": "https://pypi.org/simple",
    "fast": "https://pypi-mirror.example.org/simple",
}


def pip_conf_path() -> Path:
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "pip" / "pip.conf"
    return Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "pip" / "pip.conf"


def ensure_venv() -> Path:
    if not (VENV / "bin" / "python").exists():
        print(f"creating {VENV}")
        venv.EnvBuilder(with_pip=True, upgrade_deps=True).create(VENV)
    return VENV / "bin" / "python"


def configure_pip(mirror: str) -> None:
    conf = pip_conf_path()
    conf.parent.mkdir(parents=True, exist_ok=True)
    lines = [
        "[global]",
        f"index-url = {MIRRORS[mirror]}",
        "trusted-host = pypi-mirror.example.org",
        f"cache-dir = {WHEEL_CACHE}",
        "",
    ]
    conf.write_text("\n".join(lines))
    print(f"pip configured ({mirror})")


def install(python: Path) -> None:
    reqs = [p for p in ("requirements.txt", "requirements-dev.txt") if (PROJECT / p).exists()]
    if not reqs:
        print("no requirements files found")
        return
    args = [str(python), "-m", "pip", "install", "--upgrade-strategy", "only-if-needed"]
    for r in reqs:
        args += ["-r", r]
    subprocess.run(args, check=True, cwd=PROJECT)


def main() -> int:
    python = ensure_venv()
    configure_pip(os.environ.get("PIP_MIRROR", "fast"))
    install(python)
    print(f"done; activate with: source {VENV.relative_to(PROJECT)}/bin/activate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
