#!/usr/bin/env python3
"""Show which Vault identity and database credentials the app will get.

Prints the current token and the dynamic Postgres credentials issued by the
database secrets engine so they can be pasted into a SQL client.
"""
import json
import os
import subprocess
import sys
from pathlib import Path


def vault_json(*args):
    proc = subprocess.run(["vault", *args, "-format=json"], capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(proc.stderr.strip())
    return json.loads(proc.stdout)


def main():
    token = os.environ.get("VAULT_TOKEN") or (Path.home() / ".vault-token").read_text().strip()
    print(f"VAULT_TOKEN={token}")
    me = vault_json("token", "lookup")
    print(f"policies: {', '.join(me['data']['policies'])}")
    creds = vault_json("read", "database/creds/ledger-dev")
    print(f"PGUSER={creds['data']['username']}")
    print(f"PGPASSWORD={creds['data']['password']}")
    print(f"lease: {creds['lease_duration']}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
