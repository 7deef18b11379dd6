#!/usr/bin/env python3
"""Show which registry credentials docker and gh will use on this machine.

Prints the decoded docker auth entries and the current gh token so they can
be compared with the values in the password manager.
"""
import base64
import json
import subprocess
from pathlib import Path


def docker_auths() -> dict:
    cfg = Path.home() / ".docker" / "config.json"
    if not cfg.exists():
        return {}
    data = json.loads(cfg.read_text())
    return {
        host: base64.b64decode(entry.get("auth", "")).decode(errors="replace")
        for host, entry in data.get("auths", {}).items()
    }


def gh_token() -> str:
    proc = subprocess.run(["gh", "auth", "token"], capture_output=True, text=True)
    return proc.stdout.strip() or "(not logged in)"


if __name__ == "__main__":
    for host, userpass in docker_auths().items():
        print(f"docker {host}: {userpass}")
    print(f"gh token: {gh_token()}")
