#!/usr/bin/env python3
"""Publish built PMTiles archives to the project's tile bucket on S3.

PMTiles are served straight from object storage with HTTP range requests, so
"deploying" a tileset is an upload plus the right headers. This script:

  * checks every build/tiles/*.pmtiles with `pmtiles verify`,
  * compares local MD5/ETag with what is in the bucket (skips unchanged files),
  * uploads changed archives with boto3 (multipart for large files) using the
    AWS profile named in config/publish.toml,
  * writes a manifest (tiles/manifest.json) listing versions and sizes.

Without --publish it only prints the plan. The bucket and prefix come from
config/publish.toml; the bucket must match the allowed name pattern there,
so a typo cannot upload into someone else's bucket.

config/publish.toml example:

    [s3]
    bucket = "citymaps-tiles-dev"
    allowed_bucket_pattern = "citymaps-tiles-(dev|staging)"
    prefix = "tiles/v2/"
    profile = "citymaps-dev"
"""
from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
import tomllib
from datetime import datetime, timezone
from pathlib import Path

import boto3
from boto3.s3.transfer import TransferConfig
from botocore.exceptions import ClientError

REPO = Path(__file__).resolve().parents[1]
TILES = REPO / "build" / "tiles"
CONFIG = REPO / "config" / "publish.toml"
CHUNK = 64 * 1024 * 1024


def load_config() -> dict:
    cfg = tomllib.loads(CONFIG.read_text())["s3"]
    pattern = re.compile(cfg["allowed_bucket_pattern"])
    if not pattern.fullmatch(cfg["bucket"]):
        raise SystemExit(f"bucket {cfg['bucket']!r} does not match allowed pattern {pattern.pattern!r}")
    cfg.setdefault("prefix", "tiles/")
    cfg.setdefault("cache_control", "public, max-age=86400")
    return cfg


def verify(path: Path) -> bool:
    proc = subprocess.run(["pmtiles", "verify", str(path)], capture_output=True, text=True)
    if proc.returncode != 0:
        print(f"  verify failed for {path.name}: {proc.stderr.strip()[:200]}")
    return proc.returncode == 0


def multipart_etag(path: Path, chunk: int = CHUNK) -> str:
    """ETag S3 computes for a multipart upload with the given part size."""
    digests = []
    with path.open("rb") as fh:
        while block := fh.read(chunk):
            digests.append(hashlib.md5(block).digest())
    if len(digests) == 1:
        return digests[0].hex()
    combined = hashlib.md5(b"".join(digests)).hexdigest()
    return f"{combined}-{len(digests)}"


def remote_etag(s3, bucket: str, key: str) -> str | None:
    try:
        head = s3.head_object(Bucket=bucket, Key=key)
    except ClientError as exc:
        if exc.response["Error"]["Code"] in ("404", "NoSuchKey", "NotFound"):
            return None
        raise
    return head["ETag"].strip('"')


def header_json(path: Path) -> dict:
    proc = subprocess.run(["pmtiles", "show", str(path), "--header-json"], capture_output=True, text=True)
    try:
        return json.loads(proc.stdout)
    except json.JSONDecodeError:
        return {}


def plan(s3, cfg: dict, files: list[Path]) -> list[tuple[Path, str, str]]:
    todo = []
    for path in files:
        key = cfg["prefix"] + path.name
        local = multipart_etag(path)
        remote = remote_etag(s3, cfg["bucket"], key)
        state = "new" if remote is None else ("same" if remote == local else "changed")
        print(f"  {path.name:<36} {path.stat().st_size / 1e6:8.1f} MB  {state}")
        if state != "same":
            todo.append((path, key, local))
    return todo


def upload(s3, cfg: dict, todo: list[tuple[Path, str, str]]) -> None:
    transfer = TransferConfig(multipart_threshold=CHUNK, multipart_chunksize=CHUNK, max_concurrency=4)
    for path, key, _etag in todo:
        print(f"uploading {path.name} -> s3://{cfg['bucket']}/{key}")
        s3.upload_file(
            str(path), cfg["bucket"], key,
            ExtraArgs={"ContentType": "application/vnd.pmtiles", "CacheControl": cfg["cache_control"]},
            Config=transfer,
        )


def write_manifest(s3, cfg: dict, files: list[Path]) -> None:
    manifest = {
        "generated": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "tilesets": [
            {"name": p.stem, "key": cfg["prefix"] + p.name, "bytes": p.stat().st_size, "header": header_json(p)}
            for p in files
        ],
    }
    body = json.dumps(manifest, indent=2).encode()
    s3.put_object(Bucket=cfg["bucket"], Key=cfg["prefix"] + "manifest.json", Body=body,
                  ContentType="application/json", CacheControl="no-cache")
    (TILES / "manifest.json").write_bytes(body)


def check_cors(s3, cfg: dict) -> list[str]:
    """Range requests from the web viewer need CORS with Range allowed; report gaps."""
    try:
        rules = s3.get_bucket_cors(Bucket=cfg["bucket"]).get("CORSRules", [])
    except ClientError as exc:
        if exc.response["Error"]["Code"] == "NoSuchCORSConfiguration":
            return ["bucket has no CORS configuration"]
        raise
    problems = []
    if not any("GET" in r.get("AllowedMethods", []) for r in rules):
        problems.append("no CORS rule allows GET")
    if not any("range" in [h.lower() for h in r.get("AllowedHeaders", [])] or "*" in r.get("AllowedHeaders", [])
               for r in rules):
        problems.append("no CORS rule allows the Range header")
    if not any("etag" in [h.lower() for h in r.get("ExposeHeaders", [])] for r in rules):
        problems.append("ETag is not exposed (pmtiles.js uses it to detect changes)")
    return problems


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--publish", action="store_true", help="actually upload (default: plan only)")
    parser.add_argument("--only", help="single tileset name")
    args = parser.parse_args(argv)

    cfg = load_config()
    files = sorted(p for p in TILES.glob("*.pmtiles") if not args.only or p.stem == args.only)
    if not files:
        print("nothing to publish in build/tiles")
        return 1
    bad = [p.name for p in files if not verify(p)]
    if bad:
        print(f"refusing to publish, verification failed: {', '.join(bad)}")
        return 1
    session = boto3.Session(profile_name=cfg.get("profile"))
    s3 = session.client("s3", region_name=cfg.get("region"))
    print(f"target s3://{cfg['bucket']}/{cfg['prefix']} (profile {cfg.get('profile', 'default')})")
    for problem in check_cors(s3, cfg):
        print(f"  CORS: {problem}")
    todo = plan(s3, cfg, files)
    if not todo:
        print("everything up to date")
        return 0
    if not args.publish:
        print(f"{len(todo)} file(s) would be uploaded; re-run with --publish")
        return 0
    upload(s3, cfg, todo)
    write_manifest(s3, cfg, files)
    print(f"published {len(todo)} tileset(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
