#!/usr/bin/env python3
"""Diagnose why the S3 upload step fails locally.

Prints which AWS credential source boto3 picks up and tries a HeadBucket on
the artifacts bucket. Intended for copy-pasting the output into an issue.
"""
import configparser
import os
import sys
from pathlib import Path

import boto3
from botocore.exceptions import BotoCoreError, ClientError

BUCKET = os.environ.get("ARTIFACT_BUCKET", "acme-build-artifacts")
PROFILE = os.environ.get("AWS_PROFILE", "default")


def show_env():
    print("== AWS environment variables ==")
    for key in sorted(os.environ):
        if key.startswith("AWS_"):
            print(f"{key}={os.environ[key]}")


def show_credentials_file():
    path = Path.home() / ".aws" / "credentials"
    print(f"== {path} ==")
    if not path.exists():
        print("(missing)")
        return
    cp = configparser.ConfigParser()
    cp.read(path)
    for section in cp.sections():
        print(f"[{section}]")
        for k, v in cp[section].items():
            print(f"  {k} = {v}")


def try_bucket():
    session = boto3.Session(profile_name=PROFILE)
    creds = session.get_credentials()
    if creds is None:
        print("boto3 found no credentials")
        return False
    frozen = creds.get_frozen_credentials()
    print(f"boto3 method: {creds.method}")
    print(f"access key: {frozen.access_key}")
    print(f"secret key: {frozen.secret_key}")
    s3 = session.client("s3")
    try:
        s3.head_bucket(Bucket=BUCKET)
        print(f"HeadBucket {BUCKET}: OK")
        return True
    except (ClientError, BotoCoreError) as exc:
        print(f"HeadBucket {BUCKET}: {exc}")
        return False


def main() -> int:
    show_env()
    show_credentials_file()
    ok = try_bucket()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
