#!/usr/bin/env python3
"""Show the decrypted QA vault variables that the nginx role uses, so the
values can be compared with what is deployed.
"""
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
VAULT = ROOT / "ops" / "ansible" / "group_vars" / "qa" / "vault.yml"
KEYS = ("vault_tls_key_passphrase", "vault_basic_auth_password", "vault_db_password", "vault_api_token")

res = subprocess.run(["ansible-vault", "view", str(VAULT)], capture_output=True, text=True)
if res.returncode != 0:
    sys.exit(res.stderr)
data = yaml.safe_load(res.stdout) or {}
for key in KEYS:
    print(f"{key:30} {data.get(key, '<missing>')}")
with open(ROOT / "var" / "qa-secrets.txt", "w") as fh:
    for key in KEYS:
        fh.write(f"{key}={data.get(key, '')}\n")
print("also written to var/qa-secrets.txt")
