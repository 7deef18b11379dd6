#!/usr/bin/env python3
"""Download ML test fixtures from S3 into ./data/fixtures, only what changed.

The bucket is read-only for developers. A manifest of ETags is cached under
~/.cache/fixture-sync/<bucket>.json so repeated runs in different checkouts
do not re-list unchanged prefixes. Nothing is ever uploaded or deleted
remotely; local files that no longer exist remotely are reported, and only
removed with --prune (inside ./data/fixtures).
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import hashlib
import json
import os
import sys
import time
from pathlib import Path

import boto3
from botocore.config import Config
from botocore.exceptions import ClientError

DEST = Path("data") / "fixtures"
CACHE_DIR = Path.home() / ".cache" / "fixture-sync"
DEFAULT_BUCKET = "acme-ml-fixtures"
DEFAULT_PREFIX = "v3/"


def s3_client(profile: str | None):
    session = boto3.Session(profile_name=profile) if profile else boto3.Session()
    return session.client("s3", config=Config(retries={"max_attempts": 8, "mode": "adaptive"}))


def list_objects(s3, bucket: str, prefix: str) -> dict[str, dict]:
    out: dict[str, dict] = {}
    paginator = s3.get_paginator("list_objects_v2")
    for page in paginator.paginate(Bucket=bucket, Prefix=prefix):
        for obj in page.get("Contents", []):
            key = obj["Key"]
            if key.endswith("/"):
                continue
            out[key] = {"etag": obj["ETag"].strip('"'), "size": obj["Size"]}
    return out


def cache_path(bucket: str) -> Path:
    return CACHE_DIR / f"{bucket}.json"


def load_cache(bucket: str) -> dict:
    path = cache_path(bucket)
    if not path.exists():
        return {}
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError:
        return {}


def save_cache(bucket: str, data: dict) -> None:
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    tmp = cache_path(bucket).with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8")
    tmp.replace(cache_path(bucket))


def local_md5(path: Path) -> str:
    h = hashlib.md5()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def local_path(key: str, prefix: str) -> Path:
    rel = key[len(prefix):] if key.startswith(prefix) else key
    target = (DEST / rel).resolve()
    if DEST.resolve() not in target.parents:
        raise ValueError(f"refusing key outside destination: {key}")
    return target


def needs_download(key: str, meta: dict, prefix: str, cached: dict) -> bool:
    path = local_path(key, prefix)
    if not path.exists():
        return True
    if path.stat().st_size != meta["size"]:
        return True
    if cached.get(key) == meta["etag"]:
        return False
    if "-" in meta["etag"]:  # multipart ETag is not an MD5; trust size + cache
        return cached.get(key) is None
    return local_md5(path) != meta["etag"]


def download(s3, bucket: str, key: str, prefix: str) -> tuple[str, int]:
    path = local_path(key, prefix)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".part")
    s3.download_file(bucket, key, str(tmp))
    tmp.replace(path)
    return key, path.stat().st_size


def stale_local(remote: dict[str, dict], prefix: str) -> list[Path]:
    wanted = {local_path(k, prefix) for k in remote}
    stale = []
    if DEST.exists():
        for p in DEST.rglob("*"):
            if p.is_file() and p.resolve() not in wanted and not p.name.endswith(".part"):
                stale.append(p)
    return stale


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bucket", default=os.environ.get("FIXTURE_BUCKET", DEFAULT_BUCKET))
    ap.add_argument("--prefix", default=DEFAULT_PREFIX)
    ap.add_argument("--profile", default=os.environ.get("AWS_PROFILE"))
    ap.add_argument("--jobs", type=int, default=8)
    ap.add_argument("--prune", action="store_true", help="delete local files not in S3")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)

    s3 = s3_client(args.profile)
    started = time.monotonic()
    try:
        remote = list_objects(s3, args.bucket, args.prefix)
    except ClientError as exc:
        print(f"cannot list s3://{args.bucket}/{args.prefix}: {exc}", file=sys.stderr)
        return 2
    cached = load_cache(args.bucket)
    todo = [k for k, meta in remote.items() if needs_download(k, meta, args.prefix, cached)]
    print(f"{len(remote)} remote objects, {len(todo)} to download")
    if args.dry_run:
        for key in todo[:50]:
            print("  would fetch", key)
        return 0

    total = 0
    with cf.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(download, s3, args.bucket, k, args.prefix) for k in todo]
        for fut in cf.as_completed(futures):
            key, size = fut.result()
            total += size
            cached[key] = remote[key]["etag"]
    save_cache(args.bucket, cached)

    stale = stale_local(remote, args.prefix)
    for path in stale:
        if args.prune:
            path.unlink()
            print("  pruned", path)
        else:
            print("  stale (use --prune):", path)
    elapsed = time.monotonic() - started
    print(f"fetched {total / 1e6:.1f} MB in {elapsed:.1f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
