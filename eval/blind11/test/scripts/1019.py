#!/usr/bin/env python3
"""Which database credentials will the app use? Prints them for each env."""
import os
import sys
from pathlib import Path

import yaml


def main():
    cfg = yaml.safe_load(Path("config/database.yml").read_text())
    for env_name, settings in cfg.items():
        if not isinstance(settings, dict):
            continue
        print(f"[{env_name}]")
        print("  host:    ", settings.get("host"))
        print("  username:", settings.get("username"))
        print("  password:", settings.get("password"))
    print("VAULT_TOKEN:", os.environ.get("VAULT_TOKEN", "<unset>"))
    print("DATABASE_URL:", os.environ.get("DATABASE_URL", "<unset>"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
