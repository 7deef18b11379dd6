#!/usr/bin/env python3
"""Inventory of the project's S3 artefact bucket (read-only).

Uses boto3 with the normal credential chain (profile / env / SSO) and only
calls ListObjectsV2 and GetBucketLifecycleConfiguration. Prints size per
prefix and objects older than the retention policy, so someone can decide
what the lifecycle rule should be. Nothing is deleted.
"""
from __future__ import annotations

import argparse
import datetime as dt
import sys
from collections import defaultdict
from dataclasses import dataclass, field

import boto3
from botocore.exceptions import ClientError

DEFAULT_BUCKET = "app-build-artifacts"


@dataclass
class PrefixStats:
    objects: int = 0
    bytes: int = 0
    oldest: dt.datetime | None = None
    stale: list[str] = field(default_factory=list)

    def add(self, key: str, size: int, modified: dt.datetime, cutoff: dt.datetime) -> None:
        self.objects += 1
        self.bytes += size
        if self.oldest is None or modified < self.oldest:
            self.oldest = modified
        if modified < cutoff:
            self.stale.append(key)


def human(n: float) -> str:
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if n < 1024:
            return f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} PiB"


def prefix_of(key: str, depth: int) -> str:
    parts = key.split("/")
    return "/".join(parts[:depth]) + "/" if len(parts) > depth else "(root)"


def lifecycle_rules(s3, bucket: str) -> list[dict]:
    try:
        return s3.get_bucket_lifecycle_configuration(Bucket=bucket)["Rules"]
    except ClientError as exc:
        if exc.response["Error"]["Code"] == "NoSuchLifecycleConfiguration":
            return []
        raise


def scan(s3, bucket: str, depth: int, cutoff: dt.datetime) -> dict[str, PrefixStats]:
    stats: dict[str, PrefixStats] = defaultdict(PrefixStats)
    paginator = s3.get_paginator("list_objects_v2")
    for page in paginator.paginate(Bucket=bucket):
        for obj in page.get("Contents", []):
            stats[prefix_of(obj["Key"], depth)].add(obj["Key"], obj["Size"], obj["LastModified"], cutoff)
    return stats


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bucket", default=DEFAULT_BUCKET)
    ap.add_argument("--profile")
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--retention-days", type=int, default=90)
    ap.add_argument("--show-stale", type=int, default=5, help="list up to N stale keys per prefix")
    args = ap.parse_args()

    session = boto3.Session(profile_name=args.profile) if args.profile else boto3.Session()
    s3 = session.client("s3")
    cutoff = dt.datetime.now(dt.timezone.utc) - dt.timedelta(days=args.retention_days)

    rules = lifecycle_rules(s3, args.bucket)
    print(f"bucket {args.bucket}: {len(rules)} lifecycle rules")
    for r in rules:
        exp = r.get("Expiration", {}).get("Days", "-")
        print(f"  {r.get('ID', '?')}: prefix={r.get('Filter', {}).get('Prefix', '')!r} expire after {exp} days")

    stats = scan(s3, args.bucket, args.depth, cutoff)
    total = sum(s.bytes for s in stats.values())
    print(f"\n{'prefix':<40} {'objects':>8} {'size':>11} {'stale':>6}  oldest")
    for prefix, s in sorted(stats.items(), key=lambda kv: kv[1].bytes, reverse=True):
        oldest = s.oldest.date().isoformat() if s.oldest else "-"
        print(f"{prefix:<40} {s.objects:>8} {human(s.bytes):>11} {len(s.stale):>6}  {oldest}")
        for key in s.stale[: args.show_stale]:
            print(f"{'':<4}stale: {key}")
    print(f"\ntotal {human(total)} in {sum(s.objects for s in stats.values())} objects")
    return 0


if __name__ == "__main__":
    sys.exit(main())
