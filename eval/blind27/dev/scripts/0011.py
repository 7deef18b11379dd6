#!/usr/bin/env python3
"""Publish the lab's recorded talks to the Internet Archive.

Items are described in talks/items.yaml. Only entries with `public: true`
and a collection from ALLOWED_COLLECTIONS are considered. By default the
script prints the plan; `--yes` performs the upload through the `ia`
library, which reads the S3 keys from ~/.config/ia.ini itself (we never
parse that file here).

After upload, metadata on archive.org is compared with the local YAML and
differences are reported.
"""
import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

import internetarchive as ia
import yaml

ROOT = Path(__file__).resolve().parents[1]
ITEMS = ROOT / "talks" / "items.yaml"
MEDIA = ROOT / "talks" / "media"
STATE = ROOT / "build" / "ia_state.json"
ALLOWED_COLLECTIONS = {"opensource_movies", "opensource_audio"}
REQUIRED = ("identifier", "title", "creator", "date", "files", "licenseurl")


class PlanError(Exception):
    pass


def md5sum(path, chunk=1 << 20):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def load_items():
    data = yaml.safe_load(ITEMS.read_text()) or {}
    return data.get("items", [])


def check_item(item):
    missing = [k for k in REQUIRED if not item.get(k)]
    if missing:
        raise PlanError(f"{item.get('identifier', '?')}: missing {', '.join(missing)}")
    if not item.get("public", False):
        raise PlanError(f"{item['identifier']}: not marked public: true")
    coll = item.get("collection", "opensource_movies")
    if coll not in ALLOWED_COLLECTIONS:
        raise PlanError(f"{item['identifier']}: collection {coll!r} not allowed")
    files = []
    for name in item["files"]:
        p = (MEDIA / name).resolve()
        if MEDIA.resolve() not in p.parents:
            raise PlanError(f"{item['identifier']}: file {name} escapes talks/media")
        if not p.exists():
            raise PlanError(f"{item['identifier']}: missing file {name}")
        files.append(p)
    return coll, files


def metadata_for(item, collection):
    md = {
        "title": item["title"],
        "creator": item["creator"],
        "date": str(item["date"]),
        "licenseurl": item["licenseurl"],
        "collection": collection,
        "mediatype": "movies" if collection.endswith("movies") else "audio",
        "subject": item.get("subjects", []),
        "description": item.get("description", ""),
        "language": item.get("language", "eng"),
    }
    return {k: v for k, v in md.items() if v not in ("", [], None)}


def load_state():
    if STATE.exists():
        return json.loads(STATE.read_text())
    return {}


def save_state(state):
    STATE.parent.mkdir(parents=True, exist_ok=True)
    tmp = STATE.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=2, sort_keys=True))
    tmp.replace(STATE)


def already_uploaded(identifier, files, state):
    seen = state.get(identifier, {})
    return all(seen.get(f.name) == md5sum(f) for f in files)


def upload(identifier, files, md, retries):
    for attempt in range(1, retries + 1):
        try:
            responses = ia.upload(identifier, files=[str(f) for f in files], metadata=md,
                                  verify=True, checksum=True, retries=3, retries_sleep=10)
            bad = [r for r in responses if r is not None and r.status_code >= 300]
            if bad:
                raise RuntimeError(f"HTTP {bad[0].status_code} uploading {identifier}")
            return
        except Exception as exc:  # the ia client raises a mix of types
            if attempt == retries:
                raise
            wait = 30 * attempt
            print(f"  upload failed ({exc}); retry {attempt}/{retries} in {wait}s")
            time.sleep(wait)


def compare_remote(identifier, md):
    item = ia.get_item(identifier)
    remote = item.metadata or {}
    diffs = []
    for key, val in md.items():
        rv = remote.get(key)
        if isinstance(val, list):
            rv = rv if isinstance(rv, list) else ([rv] if rv else [])
        if rv != val:
            diffs.append((key, val, rv))
    return diffs


def main():
    ap = argparse.ArgumentParser(description="Internet Archive publisher for public talks")
    ap.add_argument("--only", action="append", default=[])
    ap.add_argument("--yes", action="store_true", help="perform uploads (default: plan only)")
    ap.add_argument("--retries", type=int, default=3)
    ap.add_argument("--check", action="store_true", help="compare remote metadata only")
    args = ap.parse_args()

    state = load_state()
    plan, errors = [], []
    for item in load_items():
        if args.only and item.get("identifier") not in args.only:
            continue
        try:
            coll, files = check_item(item)
        except PlanError as exc:
            errors.append(str(exc))
            continue
        plan.append((item, coll, files))
    for e in errors:
        print("skip:", e)
    if not plan:
        print("nothing to do")
        return 0

    for item, coll, files in plan:
        ident = item["identifier"]
        md = metadata_for(item, coll)
        if args.check:
            for key, local, remote in compare_remote(ident, md):
                print(f"{ident}: {key}: local={local!r} remote={remote!r}")
            continue
        if already_uploaded(ident, files, state):
            print(f"{ident}: up to date")
            continue
        size = sum(f.stat().st_size for f in files) / 1e6
        print(f"{ident}: {len(files)} file(s), {size:.1f} MB -> collection {coll}")
        if not args.yes:
            continue
        upload(ident, files, md, args.retries)
        state[ident] = {f.name: md5sum(f) for f in files}
        save_state(state)
        print(f"  uploaded; https://archive.org/details/{ident}")
    if not args.yes and not args.check:
        print("plan only; re-run with --yes to upload")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
