#!/usr/bin/env python3
"""Interactive setup for the `tidewatch` CLI.

Writes the CLI's own settings file at $XDG_CONFIG_HOME/tidewatch/config.toml
(default ~/.config/tidewatch/config.toml). The API token is not stored in the
file; the config only records the name of the environment variable to read.
"""
import argparse
import os
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

TOOL = "tidewatch"


def config_dir() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / TOOL


@dataclass
class Settings:
    region: str = "eu-west-1"
    poll_seconds: int = 60
    token_env: str = "TIDEWATCH_TOKEN"
    color: bool = True
    default_project: str = ""

    def to_toml(self) -> str:
        lines = [f"# {TOOL} configuration, written by tools/setup_cli.py"]
        for key, value in asdict(self).items():
            if isinstance(value, bool):
                rendered = "true" if value else "false"
            elif isinstance(value, int):
                rendered = str(value)
            else:
                rendered = '"' + str(value).replace('"', '\\"') + '"'
            lines.append(f"{key} = {rendered}")
        return "\n".join(lines) + "\n"


def load_existing(path: Path) -> Settings:
    settings = Settings()
    if not path.exists():
        return settings
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = (part.strip() for part in line.partition("="))
        if not hasattr(settings, key):
            continue
        current = getattr(settings, key)
        if isinstance(current, bool):
            setattr(settings, key, value == "true")
        elif isinstance(current, int):
            setattr(settings, key, int(value))
        else:
            setattr(settings, key, value.strip('"'))
    return settings


def prompt(label: str, default):
    if not sys.stdin.isatty():
        return default
    answer = input(f"{label} [{default}]: ").strip()
    if not answer:
        return default
    if isinstance(default, bool):
        return answer.lower() in {"y", "yes", "true", "1"}
    if isinstance(default, int):
        return int(answer)
    return answer


def main() -> int:
    ap = argparse.ArgumentParser(description="configure tidewatch")
    ap.add_argument("--non-interactive", action="store_true")
    ap.add_argument("--print", action="store_true", help="print config and exit")
    ns = ap.parse_args()
    path = config_dir() / "config.toml"
    settings = load_existing(path)
    if ns.print:
        print(settings.to_toml(), end="")
        return 0
    if not ns.non_interactive:
        for field_name, value in asdict(settings).items():
            setattr(settings, field_name, prompt(field_name, value))
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".toml.tmp")
    tmp.write_text(settings.to_toml(), encoding="utf-8")
    os.chmod(tmp, 0o600)
    tmp.replace(path)
    print(f"saved {path}")
    if not os.environ.get(settings.token_env):
        print(f"note: export {settings.token_env}=<token> before using {TOOL}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
