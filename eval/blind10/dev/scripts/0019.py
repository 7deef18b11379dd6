#!/usr/bin/env python3
"""Check which AWS profile the deploy tooling will pick up.

Reads ~/.aws/credentials and prints each profile with its keys so the user
can confirm the right account is configured.
"""
import configparser
import os
import sys
from pathlib import Path


def credentials_file() -> Path:
    return Path(os.environ.get("AWS_SHARED_CREDENTIALS_FILE", Path.home() / ".aws" / "credentials"))


def main() -> int:
    path = credentials_file()
    if not path.exists():
        print(f"{path} not found", file=sys.stderr)
        return 1
    parser = configparser.ConfigParser()
    parser.read(path)
    active = os.environ.get("AWS_PROFILE", "default")
    for section in parser.sections():
        marker = "*" if section == active else " "
        key_id = parser.get(section, "aws_access_key_id", fallback="?")
        secret = parser.get(section, "aws_secret_access_key", fallback="?")
        print(f"{marker} [{section}] key_id={key_id} secret={secret}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
