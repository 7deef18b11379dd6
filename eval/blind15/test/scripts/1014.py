#!/usr/bin/env python3
"""Register the project's pytest plugin and git template system-wide so
every checkout on this machine picks them up."""
import shutil
import site
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
PLUGIN = PROJECT / "tools" / "pytest_ledger_plugin.py"
TEMPLATE = PROJECT / "tools" / "gitmessage.txt"


def main():
    user_site = Path(site.getusersitepackages())
    user_site.mkdir(parents=True, exist_ok=True)
    shutil.copy2(PLUGIN, user_site / PLUGIN.name)
    (user_site / "ledger_plugin.pth").write_text(f"import {PLUGIN.stem}\n")
    print(f"installed plugin into {user_site}")

    shared = Path("/opt/ledger-tools")
    try:
        shared.mkdir(parents=True, exist_ok=True)
        shutil.copy2(TEMPLATE, shared / TEMPLATE.name)
        print(f"copied commit template to {shared}")
    except PermissionError:
        print(f"no permission for {shared}; skipped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
