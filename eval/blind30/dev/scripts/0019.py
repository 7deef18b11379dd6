#!/usr/bin/env python3
"""Prepare the Python environment for the GTFS processing notebooks.

Creates .venv-gtfs, installs the pinned analysis stack and registers a Jupyter
kernel named "gtfs". Re-running is cheap: packages already at the pinned version
are skipped.
"""
import json
import subprocess
import sys
import venv
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv-gtfs"


class Requirement(NamedTuple):
    name: str
    version: str
    index: str = "https://pypi.example.org/simple"
    extras: str = ""

    def spec(self):
        extra = f"[{self.extras}]" if self.extras else ""
        return f"{self.name}{extra}=={self.version}"


PINNED = [
    Requirement("pandas", "2.2.2"),
    Requirement("pyarrow", "16.1.0"),
    Requirement("shapely", "2.0.4"),
    Requirement("geopandas", "0.14.4"),
    Requirement("partridge", "1.1.2"),
    Requirement("gtfs-kit", "6.1.0"),
    Requirement("ipykernel", "6.29.4"),
]


def python():
    return VENV / "bin" / "python"


def ensure_venv():
    if not python().exists():
        print(f"creating {VENV.relative_to(ROOT)}")
        venv.EnvBuilder(with_pip=True).create(VENV)


def installed():
    out = subprocess.run([str(python()), "-m", "pip", "list", "--format", "json"],
                         capture_output=True, text=True, check=True).stdout
    return {p["name"].lower(): p["version"] for p in json.loads(out)}


def install(reqs):
    by_index = {}
    for req in reqs:
        by_index.setdefault(req.index, []).append(req.spec())
    for index, specs in by_index.items():
        argv = [str(python()), "-m", "pip", "install", "--index-url", index, *specs]
        print("+", " ".join(argv))
        subprocess.run(argv, check=True)


def register_kernel():
    subprocess.run([str(python()), "-m", "ipykernel", "install", "--user",
                    "--name", "gtfs", "--display-name", "GTFS (project venv)"], check=True)


def main():
    ensure_venv()
    have = installed()
    todo = [r for r in PINNED if have.get(r.name.lower()) != r.version]
    if todo:
        install(todo)
    else:
        print("all pinned packages present")
    register_kernel()
    print("kernel 'gtfs' ready; open notebooks/ in Jupyter and select it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
