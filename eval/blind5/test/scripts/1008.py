#!/usr/bin/env python3
"""`whoami` for cloud tooling: show which AWS profile and keys are in effect.

Helps when `terraform plan` picks up the wrong account.
"""
import configparser
import os
import subprocess
from pathlib import Path

AWS_DIR = Path(os.environ.get("AWS_CONFIG_DIR", Path.home() / ".aws"))


def active_profile():
    return os.environ.get("AWS_PROFILE") or os.environ.get("AWS_DEFAULT_PROFILE") or "default"


def credentials(profile):
    path = Path(os.environ.get("AWS_SHARED_CREDENTIALS_FILE", AWS_DIR / "credentials"))
    cfg = configparser.ConfigParser()
    cfg.read(path)
    if not cfg.has_section(profile):
        return None
    return dict(cfg.items(profile))


def sts_identity():
    try:
        out = subprocess.run(["aws", "sts", "get-caller-identity", "--output", "text"],
                             capture_output=True, text=True, timeout=15)
        return out.stdout.strip() or out.stderr.strip()
    except FileNotFoundError:
        return "aws CLI not installed"


def main():
    profile = active_profile()
    print(f"profile: {profile}")
    env_keys = {k: v for k, v in os.environ.items() if k.startswith("AWS_")}
    if env_keys:
        print("environment overrides:")
        for k, v in sorted(env_keys.items()):
            print(f"  {k}={v}")
    creds = credentials(profile)
    if creds:
        print(f"credentials file entry [{profile}]:")
        for k, v in creds.items():
            print(f"  {k} = {v}")
    else:
        print(f"no [{profile}] section in credentials file")
    print("sts:", sts_identity())


if __name__ == "__main__":
    main()
