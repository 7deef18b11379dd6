#!/usr/bin/env python3
"""Whisper model store for the transcription service (local development).

Model weights are pinned in asr/models.toml (repo, revision, file, sha256, size).
They live in ~/.cache/acme-asr/ shared by all checkouts. The store keeps the
cache under a size budget by evicting least-recently-used *files it manages*
(recorded in its own index.json); anything else in the directory is ignored.

  python asr/model_store.py ensure [--model small.en]
  python asr/model_store.py evict --budget-gb 8
  python asr/model_store.py status
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
import time
import urllib.request
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:
    import tomli as tomllib

REPO_ROOT = Path(__file__).resolve().parent.parent
MODELS_TOML = REPO_ROOT / "asr" / "models.toml"
STORE = Path(os.environ.get("ACME_ASR_CACHE", Path.home() / ".cache" / "acme-asr"))
INDEX = STORE / "index.json"
HF = "https://huggingface.co"


class Index:
    """Tracks the files this tool downloaded, with their last-use time."""

    def __init__(self, path: Path):
        self.path = path
        self.entries: dict[str, dict] = {}
        if path.exists():
            self.entries = json.loads(path.read_text())

    def touch(self, key: str, size: int) -> None:
        entry = self.entries.setdefault(key, {"size": size})
        entry["size"] = size
        entry["last_used"] = time.time()

    def forget(self, key: str) -> None:
        self.entries.pop(key, None)

    def save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.entries, indent=2, sort_keys=True))
        os.replace(tmp, self.path)

    def total(self) -> int:
        return sum(e["size"] for e in self.entries.values())


def load_models() -> dict[str, dict]:
    data = tomllib.loads(MODELS_TOML.read_text())
    return {name: spec for name, spec in data.get("models", {}).items()}


def key_for(spec: dict) -> str:
    return f"{spec['repo'].replace('/', '--')}/{spec['revision'][:12]}/{spec['file']}"


def path_for(spec: dict) -> Path:
    return STORE / key_for(spec)


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(4 << 20), b""):
            h.update(block)
    return h.hexdigest()


def fetch(spec: dict, dest: Path) -> None:
    url = f"{HF}/{spec['repo']}/resolve/{spec['revision']}/{spec['file']}"
    headers = {"User-Agent": "acme-asr-store"}
    if os.environ.get("HF_TOKEN"):
        headers["Authorization"] = f"Bearer {os.environ['HF_TOKEN']}"
    os.makedirs(dest.parent, exist_ok=True)
    partial = dest.with_name(dest.name + ".partial")
    request = urllib.request.Request(url, headers=headers)
    digest = hashlib.sha256()
    with urllib.request.urlopen(request, timeout=120) as resp, partial.open("wb") as out:
        shutil.copyfileobj(resp, out, length=4 << 20)
    with partial.open("rb") as fh:
        for block in iter(lambda: fh.read(4 << 20), b""):
            digest.update(block)
    if digest.hexdigest() != spec["sha256"]:
        partial.unlink()
        raise SystemExit(f"checksum mismatch for {spec['file']}")
    os.replace(partial, dest)


def ensure(models: dict[str, dict], only: str | None, index: Index) -> list[Path]:
    ready = []
    for name, spec in models.items():
        if only and name != only:
            continue
        path = path_for(spec)
        if path.exists() and path.stat().st_size == spec.get("size", path.stat().st_size):
            print(f"{name}: cached")
        else:
            print(f"{name}: downloading {spec['file']} ({spec.get('size', 0) / 1e6:.0f} MB)")
            fetch(spec, path)
        index.touch(key_for(spec), path.stat().st_size)
        ready.append(path)
    index.save()
    return ready


def evict(index: Index, budget: int, pinned: set[str], dry_run: bool) -> int:
    freed = 0
    by_age = sorted(index.entries.items(), key=lambda kv: kv[1].get("last_used", 0))
    for key, entry in by_age:
        if index.total() - freed <= budget:
            break
        if key in pinned:
            continue
        path = STORE / key
        # refuse anything that does not resolve inside the store
        if STORE.resolve() not in path.resolve().parents:
            continue
        print(f"{'would evict' if dry_run else 'evicting'} {key} ({entry['size'] / 1e9:.2f} GB)")
        if not dry_run:
            path.unlink(missing_ok=True)
            index.forget(key)
        freed += entry["size"]
    if not dry_run:
        index.save()
        prune_empty_dirs()
    return freed


def prune_empty_dirs() -> None:
    for directory in sorted((p for p in STORE.rglob("*") if p.is_dir()), reverse=True):
        try:
            directory.rmdir()
        except OSError:
            pass


def status(models: dict[str, dict], index: Index) -> None:
    print(f"store: {STORE}")
    print(f"managed: {len(index.entries)} file(s), {index.total() / 1e9:.2f} GB")
    for name, spec in models.items():
        key = key_for(spec)
        entry = index.entries.get(key)
        when = time.strftime("%Y-%m-%d", time.localtime(entry["last_used"])) if entry else "-"
        print(f"  {name:<12} {'present' if path_for(spec).exists() else 'missing':<8} last used {when}")


def main() -> int:
    ap = argparse.ArgumentParser(prog="model_store")
    sub = ap.add_subparsers(dest="cmd", required=True, metavar="COMMAND")
    e = sub.add_parser("ensure")
    e.add_argument("--model")
    v = sub.add_parser("evict")
    v.add_argument("--budget-gb", type=float, default=8.0)
    v.add_argument("--dry-run", action="store_true")
    sub.add_parser("status")
    sub.add_parser("verify")
    args = ap.parse_args()

    models = load_models()
    index = Index(INDEX)
    if args.cmd == "ensure":
        ensure(models, args.model, index)
    elif args.cmd == "evict":
        pinned = {key_for(s) for s in models.values() if s.get("pin")}
        freed = evict(index, int(args.budget_gb * 1e9), pinned, args.dry_run)
        print(f"freed {freed / 1e9:.2f} GB")
    elif args.cmd == "verify":
        bad = [n for n, s in models.items() if path_for(s).exists() and sha256_of(path_for(s)) != s["sha256"]]
        print("all cached files verified" if not bad else f"corrupt: {', '.join(bad)}")
        return 1 if bad else 0
    else:
        status(models, index)
    return 0


if __name__ == "__main__":
    sys.exit(main())
