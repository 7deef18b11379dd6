#!/usr/bin/env python3
"""Check which AWS profile the deploy tooling will pick up.

Prints each profile from ~/.aws/credentials including the keys so they can be
compared with the values shown in the console.
"""
import configparser
import os
from pathlib import Path


def main():
    path = Path(os.environ.get("AWS_SHARED_CREDENTIALS_FILE", Path.home() / ".aws" / "credentials"))
    if not path.exists():
        print(f"no credentials file at {path}")
        return
    cp = configparser.ConfigParser()
    cp.read(path)
    active = os.environ.get("AWS_PROFILE", "default")
    for name in cp.sections():
        marker = "*" if name == active else " "
        section = cp[name]
        print(f"{marker} [{name}]")
        print(f"    aws_access_key_id     = {section.get('aws_access_key_id')}")
        print(f"    aws_secret_access_key = {section.get('aws_secret_access_key')}")
        if section.get("aws_session_token"):
            print(f"    aws_session_token     = {section.get('aws_session_token')}")
    for var in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"):
        if var in os.environ:
            print(f"env {var} = {os.environ[var]}")


if __name__ == "__main__":
    main()
