#!/usr/bin/env python3
"""Install the patched `ansible-core` build the platform team maintains
(fixes the vault-id prompt bug) into the project virtualenv.

    python3 tools/patch_ansible.py
"""
import io
import site
import subprocess
import sys
import sysconfig
import urllib.request
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv"
PATCH_VERSION = "2.17.6.post1"
WHEEL_URL = (f"https://wheels.platform-patches.example.com/ansible_core-{PATCH_VERSION}"
             "-py3-none-any.whl")


def venv_site_packages() -> Path:
    if sys.prefix != str(VENV) and not str(sys.prefix).startswith(str(VENV)):
        print(f"note: not running inside {VENV}; using the current interpreter's site-packages")
    paths = sysconfig.get_paths()
    return Path(paths["purelib"])


def installed_version() -> str:
    res = subprocess.run([sys.executable, "-c", "import ansible.release as r; print(r.__version__)"],
                         capture_output=True, text=True)
    return res.stdout.strip() or "not installed"


def download(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=90) as resp:
        return resp.read()


def install_wheel(blob: bytes, target: Path) -> int:
    with zipfile.ZipFile(io.BytesIO(blob)) as zf:
        names = zf.namelist()
        zf.extractall(target)
    return len(names)


def main():
    before = installed_version()
    print(f"ansible-core currently: {before}")
    if before == PATCH_VERSION:
        print("patched build already installed")
        return 0
    target = venv_site_packages()
    print(f"fetching {PATCH_VERSION}")
    blob = download(WHEEL_URL)
    n = install_wheel(blob, target)
    site.main()
    print(f"installed {n} files into {target}")
    print(f"ansible-core now: {installed_version()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
