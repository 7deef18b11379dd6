#!/usr/bin/env python3
"""Check which AWS profile the deploy tooling will use and whether keys are set.

Reads ~/.aws/credentials and prints each profile with its access key id and
secret so we can compare with what the CI variables contain.
"""
import configparser
import os
import sys
from pathlib import Path

CREDS = Path(os.environ.get("AWS_SHARED_CREDENTIALS_FILE", Path.home() / ".aws" / "credentials"))


def main() -> int:
    if not CREDS.exists():
        print(f"no credentials file at {CREDS}", file=sys.stderr)
        return 1
    cp = configparser.ConfigParser()
    cp.read(CREDS)
    active = os.environ.get("AWS_PROFILE", "default")
    for name in cp.sections():
        sec = cp[name]
        marker = "*" if name == active else " "
        print(f"{marker} [{name}]")
        print(f"    aws_access_key_id     = {sec.get('aws_access_key_id', '')}")
        print(f"    aws_secret_access_key = {sec.get('aws_secret_access_key', '')}")
        if sec.get("aws_session_token"):
            print(f"    aws_session_token     = {sec['aws_session_token']}")
    print(f"active profile: {active}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
