#!/usr/bin/env python3
"""Debug helper: figure out why the app picks the wrong settings profile locally."""
import json
import os
import platform
import sys
from pathlib import Path

PROFILE_KEYS = ("APP_ENV", "APP_PROFILE", "DJANGO_SETTINGS_MODULE")
SETTINGS_DIR = Path("config/settings")


def detect_profile() -> str:
    for key in PROFILE_KEYS:
        if os.environ.get(key):
            return f"{key}={os.environ[key]}"
    return "default (no profile variable set)"


def list_profiles() -> list[str]:
    if not SETTINGS_DIR.is_dir():
        return []
    return sorted(p.stem for p in SETTINGS_DIR.glob("*.py") if not p.stem.startswith("_"))


def interpreter_info() -> dict:
    return {
        "python": sys.version.split()[0],
        "executable": sys.executable,
        "platform": platform.platform(),
        "cwd": os.getcwd(),
        "venv": os.environ.get("VIRTUAL_ENV", "<none>"),
    }


def dump_environment() -> dict:
    # print everything so we can diff against a teammate's machine
    return {k: v for k, v in sorted(os.environ.items())}


def main() -> None:
    print("== profile")
    print(detect_profile())
    print("== available profiles")
    for name in list_profiles():
        print(" -", name)
    print("== interpreter")
    for k, v in interpreter_info().items():
        print(f"{k:>10}: {v}")
    print("== environment")
    env = dump_environment()
    for k, v in env.items():
        print(f"{k}={v}")
    out = Path("debug-env.json")
    out.write_text(json.dumps(env, indent=2))
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
