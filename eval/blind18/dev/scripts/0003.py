#!/usr/bin/env python3
"""Manage the local cache of the project's embedding models.

Models are listed in models.lock.json at the repo root with a pinned revision
and sha256 per file. Files are downloaded from huggingface.co into
~/.cache/acme-embed/<model>/<revision>/ and verified before use.

Subcommands:
  fetch   download anything missing (verifies hashes)
  verify  re-hash every cached file
  prune   delete cached revisions no longer referenced by the lock file
  path    print the local directory of a model (for other scripts)
"""
import argparse
import hashlib
import json
import os
import shutil
import sys
import tempfile
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
LOCK_FILE = REPO_ROOT / "models.lock.json"
CACHE_ROOT = Path(os.environ.get("ACME_EMBED_CACHE",
                                 Path.home() / ".cache" / "acme-embed"))
HF_BASE = "https://huggingface.co"
CHUNK = 1 << 20


@dataclass
class ModelFile:
    name: str
    sha256: str
    size: int = 0


@dataclass
class Model:
    repo_id: str
    revision: str
    files: list = field(default_factory=list)

    @property
    def slug(self) -> str:
        return self.repo_id.replace("/", "--")

    @property
    def local_dir(self) -> Path:
        return CACHE_ROOT / self.slug / self.revision

    def url_for(self, fname: str) -> str:
        return f"{HF_BASE}/{self.repo_id}/resolve/{self.revision}/{fname}"


def load_lock() -> list:
    raw = json.loads(LOCK_FILE.read_text())
    models = []
    for entry in raw["models"]:
        files = [ModelFile(**f) for f in entry["files"]]
        models.append(Model(entry["repo_id"], entry["revision"], files))
    return models


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        while True:
            block = fh.read(CHUNK)
            if not block:
                break
            digest.update(block)
    return digest.hexdigest()


def hf_headers() -> dict:
    headers = {"User-Agent": "acme-embed-cache/1.3"}
    token = os.environ.get("HF_TOKEN")
    if token:
        headers["Authorization"] = f"Bearer {token}"
    return headers


def download(model: Model, mf: ModelFile, quiet: bool) -> Path:
    target = model.local_dir / mf.name
    if target.exists() and file_sha256(target) == mf.sha256:
        return target
    os.makedirs(target.parent, exist_ok=True)
    url = model.url_for(mf.name)
    req = urllib.request.Request(url, headers=hf_headers())
    # download into a temp file in the same directory so the final rename is atomic
    fd, tmp_name = tempfile.mkstemp(prefix=".part-", dir=target.parent)
    digest = hashlib.sha256()
    done = 0
    try:
        with os.fdopen(fd, "wb") as out, urllib.request.urlopen(req, timeout=60) as resp:
            total = int(resp.headers.get("Content-Length") or mf.size or 0)
            while True:
                block = resp.read(CHUNK)
                if not block:
                    break
                out.write(block)
                digest.update(block)
                done += len(block)
                if not quiet and total:
                    pct = done * 100 // total
                    print(f"\r  {mf.name}: {pct:3d}%", end="", flush=True)
        if not quiet:
            print()
        if digest.hexdigest() != mf.sha256:
            raise ValueError(f"sha256 mismatch for {mf.name}: got {digest.hexdigest()}")
        os.replace(tmp_name, target)
    finally:
        if os.path.exists(tmp_name):
            os.unlink(tmp_name)
    return target


def cmd_fetch(args) -> int:
    for model in load_lock():
        if args.model and model.repo_id != args.model:
            continue
        print(f"{model.repo_id}@{model.revision[:10]}")
        for mf in model.files:
            download(model, mf, args.quiet)
        (model.local_dir / ".complete").write_text("ok\n")
    return 0


def cmd_verify(args) -> int:
    bad = 0
    for model in load_lock():
        for mf in model.files:
            path = model.local_dir / mf.name
            if not path.exists():
                print(f"missing  {model.repo_id}/{mf.name}")
                bad += 1
            elif file_sha256(path) != mf.sha256:
                print(f"CORRUPT  {model.repo_id}/{mf.name}")
                bad += 1
                if args.fix:
                    path.unlink()
    print("all good" if not bad else f"{bad} problem(s)")
    return 1 if bad else 0


def referenced_dirs(models) -> set:
    return {model.local_dir.resolve() for model in models}


def cmd_prune(args) -> int:
    if not CACHE_ROOT.is_dir():
        return 0
    keep = referenced_dirs(load_lock())
    freed = 0
    for model_dir in sorted(CACHE_ROOT.iterdir()):
        if not model_dir.is_dir() or "--" not in model_dir.name:
            continue  # only touch directories this tool created
        for rev_dir in sorted(model_dir.iterdir()):
            if rev_dir.resolve() in keep or not rev_dir.is_dir():
                continue
            size = sum(p.stat().st_size for p in rev_dir.rglob("*") if p.is_file())
            freed += size
            print(f"{'would remove' if args.dry_run else 'removing'} "
                  f"{rev_dir} ({size / 1e6:.1f} MB)")
            if not args.dry_run:
                shutil.rmtree(rev_dir)
        if not args.dry_run and not any(model_dir.iterdir()):
            model_dir.rmdir()
    print(f"freed {freed / 1e9:.2f} GB")
    return 0


def cmd_path(args) -> int:
    for model in load_lock():
        if model.repo_id == args.model:
            if not (model.local_dir / ".complete").exists():
                print(f"{args.model} not fetched; run `fetch` first", file=sys.stderr)
                return 2
            print(model.local_dir)
            return 0
    print(f"unknown model {args.model}", file=sys.stderr)
    return 2


def main() -> int:
    ap = argparse.ArgumentParser(prog="model-cache")
    sub = ap.add_subparsers(dest="cmd")
    sub.required = True
    p = sub.add_parser("fetch")
    p.add_argument("--model")
    p.add_argument("-q", "--quiet", action="store_true")
    p.set_defaults(func=cmd_fetch)
    p = sub.add_parser("verify")
    p.add_argument("--fix", action="store_true", help="delete corrupt files")
    p.set_defaults(func=cmd_verify)
    p = sub.add_parser("prune")
    p.add_argument("-n", "--dry-run", action="store_true")
    p.set_defaults(func=cmd_prune)
    p = sub.add_parser("path")
    p.add_argument("model")
    p.set_defaults(func=cmd_path)
    args = ap.parse_args()
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
