#!/usr/bin/env python3
"""Pull model-evaluation fixtures from Google Cloud Storage (read-only).

Downloads gs://<bucket>/<prefix>/** into ./data/eval, skipping objects whose
CRC32C already matches the local file. A manifest of generations is kept in
~/.cache/eval-fixtures/<bucket>.json so re-runs in other checkouts are
cheap. Uses the official google-cloud-storage client with Application
Default Credentials; never writes to or deletes from the bucket.

    python3 tools/pull_eval_fixtures.py
    python3 tools/pull_eval_fixtures.py --prefix v5/ --workers 16
    python3 tools/pull_eval_fixtures.py --list
"""
from __future__ import annotations

import argparse
import base64
import concurrent.futures as cf
import json
import os
import struct
import sys
import time
from pathlib import Path

from google.api_core import exceptions as gexc
from google.cloud import storage

try:
    import google_crc32c
except ImportError:  # optional speed-up; fall back to size + generation
    google_crc32c = None

DEST = Path("data") / "eval"
CACHE = Path.home() / ".cache" / "eval-fixtures"
BUCKET = os.environ.get("EVAL_BUCKET", "ledger-ml-eval")
ALLOWED_BUCKETS = {"ledger-ml-eval", "ledger-ml-eval-mirror"}


def crc32c_b64(path: Path) -> str | None:
    if google_crc32c is None:
        return None
    checksum = google_crc32c.Checksum()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(4 << 20), b""):
            checksum.update(chunk)
    return base64.b64encode(struct.pack(">I", int.from_bytes(checksum.digest(), "big"))).decode()


def manifest_path(bucket: str) -> Path:
    return CACHE / f"{bucket}.json"


def read_manifest(bucket: str) -> dict[str, int]:
    path = manifest_path(bucket)
    if not path.exists():
        return {}
    try:
        return {k: int(v) for k, v in json.loads(path.read_text()).items()}
    except (ValueError, json.JSONDecodeError):
        return {}


def write_manifest(bucket: str, manifest: dict[str, int]) -> None:
    CACHE.mkdir(parents=True, exist_ok=True)
    tmp = manifest_path(bucket).with_suffix(".partial")
    tmp.write_text(json.dumps(manifest, sort_keys=True))
    tmp.replace(manifest_path(bucket))


def target_for(name: str, prefix: str) -> Path:
    rel = name[len(prefix):] if name.startswith(prefix) else name
    target = (DEST / rel).resolve()
    root = DEST.resolve()
    if root != target and root not in target.parents:
        raise ValueError(f"object name escapes destination: {name}")
    return target


def up_to_date(blob: storage.Blob, target: Path, manifest: dict[str, int]) -> bool:
    if not target.exists() or target.stat().st_size != blob.size:
        return False
    if manifest.get(blob.name) == blob.generation:
        return True
    local = crc32c_b64(target)
    return local is not None and local == blob.crc32c


def human(nbytes: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if nbytes < 1024:
            return f"{nbytes:.1f} {unit}"
        nbytes /= 1024
    return f"{nbytes:.1f} TB"


def download(blob: storage.Blob, target: Path) -> int:
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".download")
    blob.download_to_filename(str(partial), checksum="crc32c" if google_crc32c else None)
    partial.replace(target)
    return blob.size or 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bucket", default=BUCKET)
    ap.add_argument("--prefix", default="v4/")
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--dry-run", action="store_true", help="list what would be fetched")
    args = ap.parse_args(argv)
    if args.bucket not in ALLOWED_BUCKETS:
        ap.error(f"unexpected bucket {args.bucket}")
    if ".." in args.prefix or args.prefix.startswith("/"):
        ap.error("bad prefix")

    client = storage.Client()
    try:
        blobs = [b for b in client.list_blobs(args.bucket, prefix=args.prefix) if not b.name.endswith("/")]
    except gexc.Forbidden:
        print(f"no read access to gs://{args.bucket}; run `gcloud auth application-default login`", file=sys.stderr)
        return 2
    if args.list:
        for b in blobs:
            print(f"{b.size:>12}  {b.updated:%Y-%m-%d}  {b.name}")
        return 0

    manifest = read_manifest(args.bucket)
    todo = [(b, target_for(b.name, args.prefix)) for b in blobs]
    todo = [(b, t) for b, t in todo if not up_to_date(b, t, manifest)]
    print(f"{len(blobs)} objects, {len(todo)} to fetch into {DEST}")
    if args.dry_run:
        for b, t in todo[:40]:
            print(f"  {b.name} -> {t}")
        return 0

    started = time.monotonic()
    fetched = 0
    with cf.ThreadPoolExecutor(max_workers=max(1, args.workers)) as pool:
        futs = {pool.submit(download, b, t): b for b, t in todo}
        for fut in cf.as_completed(futs):
            blob = futs[fut]
            fetched += fut.result()
            manifest[blob.name] = blob.generation
    for b in blobs:
        manifest.setdefault(b.name, b.generation)
    write_manifest(args.bucket, manifest)
    took = time.monotonic() - started
    print(f"fetched {human(fetched)} in {took:.1f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
