#!/usr/bin/env python3
"""Add a desktop launcher and a user-level config for the orbit dev console,
so it can be started from the app menu instead of the terminal.
"""
import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
APPS = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / "applications"
CONF = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "orbit"

LAUNCHER = f"""[Desktop Entry]
Type=Application
Name=Orbit dev console
Exec={REPO}/bin/orbit-console
Icon={REPO}/assets/icon.png
Terminal=false
"""


def main():
    APPS.mkdir(parents=True, exist_ok=True)
    (APPS / "orbit-dev-console.desktop").write_text(LAUNCHER)
    CONF.mkdir(parents=True, exist_ok=True)
    (CONF / "console.toml").write_text(f'repo = "{REPO}"\ntheme = "dark"\n')
    print(f"installed launcher in {APPS} and config in {CONF}")


if __name__ == "__main__":
    main()
