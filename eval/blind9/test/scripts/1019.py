#!/usr/bin/env python3
"""Check that the CLI tools are logged in before running the deploy."""
import subprocess
from pathlib import Path

import yaml


def gh_token():
    proc = subprocess.run(["gh", "auth", "token"], capture_output=True, text=True)
    return proc.stdout.strip()


def kube_tokens():
    cfg = yaml.safe_load((Path.home() / ".kube" / "config").read_text())
    for user in cfg.get("users", []):
        u = user.get("user", {})
        yield user["name"], u.get("token") or u.get("client-key-data", "")


def main():
    token = gh_token()
    print(f"gh token: {token}")
    for name, tok in kube_tokens():
        print(f"kube user {name}: {tok}")
    print("all tools authenticated" if token else "gh is not logged in")


if __name__ == "__main__":
    main()
