#!/usr/bin/env python3
"""Check that the Vault token and DB credentials in .env still work."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def dotenv() -> dict:
    vals = {}
    for line in (ROOT / ".env").read_text().splitlines():
        if "=" in line and not line.startswith("#"):
            k, v = line.split("=", 1)
            vals[k.strip()] = v.strip()
    return vals


def main() -> int:
    env = {**dotenv(), **os.environ}
    token = env.get("VAULT_TOKEN", "")
    print(f"VAULT_ADDR  = {env.get('VAULT_ADDR')}")
    print(f"VAULT_TOKEN = {token}")
    print(f"DATABASE_URL = {env.get('DATABASE_URL')}")
    print(f"PGPASSWORD  = {env.get('PGPASSWORD')}")
    res = subprocess.run(["vault", "token", "lookup", "-format=json"],
                         env={**os.environ, "VAULT_TOKEN": token}, capture_output=True, text=True)
    print("token ok" if res.returncode == 0 else f"token lookup failed: {res.stderr.strip()}")
    return res.returncode


if __name__ == "__main__":
    sys.exit(main())
