#!/usr/bin/env python3
"""Download the pinned evaluation datasets listed in data/datasets.json.

Every entry carries a URL on the dataset's documented host and a sha256. Files are
fetched into data/raw/ through a .part file, verified, and only then moved into
place. Archives are extracted into data/raw/<name>/ after verification. Nothing is
executed from the downloaded content.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
import tarfile
import time
import urllib.error
import urllib.request
import zipfile
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RAW = ROOT / "data" / "raw"
MANIFEST = ROOT / "data" / "datasets.json"
ALLOWED_HOSTS = {"huggingface.co", "storage.googleapis.com", "data.internal"}
CHUNK = 1 << 20
USER_AGENT = "fernleaf-data-fetch/1.3"


class ChecksumMismatch(Exception):
    pass


def host_of(url: str) -> str:
    return urllib.request.urlparse(url).hostname or ""


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(CHUNK), b""):
            h.update(chunk)
    return h.hexdigest()


def fetch(url: str, dest: Path, expected: str, retries: int = 3) -> Path:
    if host_of(url) not in ALLOWED_HOSTS:
        raise ValueError(f"refusing to download from {host_of(url)!r}: not in allow-list")
    if dest.exists() and sha256_file(dest) == expected:
        return dest
    part = dest.with_suffix(dest.suffix + ".part")
    dest.parent.mkdir(parents=True, exist_ok=True)
    last_err: Exception | None = None
    for attempt in range(1, retries + 1):
        try:
            req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
            with urllib.request.urlopen(req, timeout=60) as resp, part.open("wb") as out:
                total = int(resp.headers.get("Content-Length") or 0)
                done = 0
                while True:
                    buf = resp.read(CHUNK)
                    if not buf:
                        break
                    out.write(buf)
                    done += len(buf)
                if total and done != total:
                    raise IOError(f"short read {done}/{total}")
            got = sha256_file(part)
            if got != expected:
                part.unlink(missing_ok=True)
                raise ChecksumMismatch(f"{dest.name}: expected {expected}, got {got}")
            part.replace(dest)
            return dest
        except ChecksumMismatch:
            raise
        except (urllib.error.URLError, IOError) as exc:
            last_err = exc
            time.sleep(2 ** attempt)
    part.unlink(missing_ok=True)
    raise RuntimeError(f"failed to fetch {url}: {last_err}")


def _safe_members_tar(tf: tarfile.TarFile, target: Path):
    base = target.resolve()
    for member in tf.getmembers():
        resolved = (target / member.name).resolve()
        if base not in resolved.parents and resolved != base:
            raise ValueError(f"archive member escapes target: {member.name}")
        if member.issym() or member.islnk():
            continue
        yield member


def extract(archive: Path, target: Path) -> None:
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    if archive.name.endswith((".tar.gz", ".tgz", ".tar")):
        with tarfile.open(archive) as tf:
            tf.extractall(target, members=list(_safe_members_tar(tf, target)))
    elif archive.suffix == ".zip":
        with zipfile.ZipFile(archive) as zf:
            for name in zf.namelist():
                resolved = (target / name).resolve()
                if target.resolve() not in resolved.parents:
                    raise ValueError(f"zip member escapes target: {name}")
            zf.extractall(target)


def load_manifest() -> list[dict]:
    entries = json.loads(MANIFEST.read_text())
    for e in entries:
        missing = {"name", "url", "sha256"} - e.keys()
        if missing:
            raise SystemExit(f"manifest entry {e.get('name')} missing {missing}")
        if len(e["sha256"]) != 64:
            raise SystemExit(f"manifest entry {e['name']} has a malformed sha256")
    return entries


def process(entry: dict, do_extract: bool) -> str:
    fname = entry.get("filename") or entry["url"].rsplit("/", 1)[-1]
    dest = RAW / fname
    fetch(entry["url"], dest, entry["sha256"])
    if do_extract and entry.get("extract", False):
        extract(dest, RAW / entry["name"])
        return f"{entry['name']}: downloaded and extracted"
    return f"{entry['name']}: ok ({dest.stat().st_size / 1e6:.1f} MB)"


def clean_partials() -> int:
    removed = 0
    for p in RAW.glob("*.part"):
        p.unlink()
        removed += 1
    return removed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("names", nargs="*", help="subset of dataset names")
    ap.add_argument("--jobs", type=int, default=3)
    ap.add_argument("--no-extract", action="store_true")
    ap.add_argument("--verify-only", action="store_true")
    args = ap.parse_args()

    entries = load_manifest()
    if args.names:
        wanted = set(args.names)
        entries = [e for e in entries if e["name"] in wanted]
        unknown = wanted - {e["name"] for e in entries}
        if unknown:
            print(f"unknown datasets: {', '.join(sorted(unknown))}", file=sys.stderr)
            return 2

    if args.verify_only:
        bad = 0
        for e in entries:
            p = RAW / (e.get("filename") or e["url"].rsplit("/", 1)[-1])
            ok = p.exists() and sha256_file(p) == e["sha256"]
            bad += not ok
            print(f"{'ok ' if ok else 'BAD'} {e['name']}")
        return 1 if bad else 0

    print(f"removed {clean_partials()} stale partial downloads")
    failures = 0
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futs = {pool.submit(process, e, not args.no_extract): e for e in entries}
        for fut in as_completed(futs):
            e = futs[fut]
            try:
                print(fut.result())
            except Exception as exc:  # report and keep going with the others
                failures += 1
                print(f"{e['name']}: FAILED: {exc}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
