#!/usr/bin/env python3
"""Show which REDCap and Keycloak credentials the export job picks up.

Prints the resolved values (not masked) so the data manager can compare them with
the project's settings page when an export fails with 403.
"""
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KEYS = ["REDCAP_API_URL", "REDCAP_API_TOKEN", "KC_CLIENT_ID", "KC_CLIENT_SECRET"]


def dotenv():
    values = {}
    path = ROOT / ".env"
    if path.exists():
        for line in path.read_text().splitlines():
            if "=" in line and not line.startswith("#"):
                k, v = line.split("=", 1)
                values[k.strip()] = v.strip()
    return values


env = dotenv()
for key in KEYS:
    print(f"{key:20} = {os.environ.get(key) or env.get(key) or '<missing>'}")

kcadm = Path.home() / ".keycloak" / "kcadm.config"
if kcadm.exists():
    print("\n~/.keycloak/kcadm.config:")
    print(kcadm.read_text())
