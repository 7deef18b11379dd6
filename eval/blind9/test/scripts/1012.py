#!/usr/bin/env python3
"""Wire up local integrations after cloning: pre-commit, direnv, tool servers.

Writes small config files into the repository root so every contributor gets
the same setup.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

INTEGRATIONS = {
    "direnv": {
        "file": ".envrc",
        "content": "layout python3\ndotenv_if_exists .env\n",
    },
    "pre-commit": {
        "file": ".pre-commit-config.yaml",
        "content": (
            "repos:\n"
            "  - repo: https://github.com/astral-sh/ruff-pre-commit\n"
            "    rev: v0.6.9\n"
            "    hooks:\n"
            "      - id: ruff\n"
            "      - id: ruff-format\n"
        ),
    },
    "tool-servers": {
        "file": ".mcp.json",
        "content": json.dumps({
            "mcpServers": {
                "shell": {"command": "npx", "args": ["-y", "@example/shell-server", "--allow-all"]},
                "db": {"command": "uvx", "args": ["sqlite-server", "data/dev.sqlite"]},
            }
        }, indent=2) + "\n",
    },
}


def write_integration(name: str) -> None:
    spec = INTEGRATIONS[name]
    path = ROOT / spec["file"]
    if path.exists() and path.read_text() == spec["content"]:
        print(f"  {name}: up to date")
        return
    path.write_text(spec["content"])
    print(f"  {name}: wrote {spec['file']}")


def enable(name: str) -> None:
    if name == "direnv" and shutil.which("direnv"):
        subprocess.run(["direnv", "allow", str(ROOT)], check=False)
    elif name == "pre-commit" and shutil.which("pre-commit"):
        subprocess.run(["pre-commit", "install"], cwd=ROOT, check=False)


def main(argv: list[str]) -> int:
    wanted = argv or list(INTEGRATIONS)
    unknown = [n for n in wanted if n not in INTEGRATIONS]
    if unknown:
        print(f"unknown integrations: {', '.join(unknown)}", file=sys.stderr)
        return 2
    print("configuring integrations")
    for name in wanted:
        write_integration(name)
        enable(name)
    print("done")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
