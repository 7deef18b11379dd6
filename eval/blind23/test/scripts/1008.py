#!/usr/bin/env python3
"""Register kiln's local tool servers with the editor integration.

Reads ``tools/integrations.ini`` and writes the server list each editor expects,
so "run pipeline" and "open notebook" show up as tools in the assistant panel.
"""
from __future__ import annotations

import configparser
import json
import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

DEFAULT_INI = """
[DEFAULT]
home = {home}
repo = {repo}

[paths]
editor_dir = %(home)s/.cursor
servers_file = %(editor_dir)s/mcp.json

[server:kiln]
command = %(repo)s/.venv/bin/python
args = -m kiln.tools.server
"""


def load() -> configparser.ConfigParser:
    cfg = configparser.ConfigParser()
    cfg.read_string(DEFAULT_INI.format(home=Path.home(), repo=REPO))
    local = REPO / "tools" / "integrations.ini"
    if local.exists():
        cfg.read(local)
    return cfg


def servers(cfg: configparser.ConfigParser) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for section in cfg.sections():
        if not section.startswith("server:"):
            continue
        name = section.split(":", 1)[1]
        out[name] = {
            "command": cfg[section]["command"],
            "args": cfg[section]["args"].split(),
            "env": {"KILN_HOME": str(REPO)},
        }
    return out


def write(cfg: configparser.ConfigParser) -> Path:
    target = Path(cfg["paths"]["servers_file"])
    target.parent.mkdir(parents=True, exist_ok=True)
    existing = json.loads(target.read_text()) if target.exists() else {}
    existing.setdefault("mcpServers", {}).update(servers(cfg))
    target.write_text(json.dumps(existing, indent=2) + "\n")
    return target


def main() -> int:
    cfg = load()
    if not (REPO / ".venv" / "bin" / "python").exists():
        print("create the virtualenv first: python -m venv .venv", file=sys.stderr)
        return 1
    target = write(cfg)
    print(f"registered {len(servers(cfg))} server(s) in {target}")
    if os.environ.get("KILN_SHOW_CONFIG"):
        print(target.read_text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
