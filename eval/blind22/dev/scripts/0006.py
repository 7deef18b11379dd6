#!/usr/bin/env python3
"""Load feature flags and service config into the local etcd for development.

Keys are written under /app/dev/ only. `wipe` removes that prefix (and only
that prefix) so the next `load` starts clean. Endpoints other than the local
docker etcd need --allow-endpoint and are still limited to the /app/dev/ tree.
"""
import argparse
import base64
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEED_DIR = ROOT / "deploy" / "etcd-seed"
PREFIX = "/app/dev/"
DEFAULT_ENDPOINT = "http://127.0.0.1:2379"
LOCAL_ENDPOINTS = {"http://127.0.0.1:2379", "http://localhost:2379"}


class Etcd:
    def __init__(self, endpoint: str, dry_run: bool = False):
        self.endpoint = endpoint
        self.dry_run = dry_run
        self.env = dict(os.environ, ETCDCTL_API="3")

    def _run(self, *args, input_text=None):
        argv = ["etcdctl", f"--endpoints={self.endpoint}", *args]
        if self.dry_run and args[0] in {"put", "del"}:
            print("[dry-run]", " ".join(argv))
            return ""
        res = subprocess.run(argv, env=self.env, input=input_text,
                             capture_output=True, text=True, timeout=30)
        if res.returncode != 0:
            raise RuntimeError(f"etcdctl {args[0]}: {res.stderr.strip()}")
        return res.stdout

    def health(self) -> bool:
        try:
            self._run("endpoint", "health")
            return True
        except (RuntimeError, subprocess.TimeoutExpired):
            return False

    def put(self, key: str, value: str) -> None:
        self._check_key(key)
        # value via stdin so large JSON documents don't hit argv limits
        self._run("put", key, input_text=value)

    def get_prefix(self, prefix: str) -> dict:
        out = self._run("get", prefix, "--prefix", "-w", "json")
        if not out:
            return {}
        data = json.loads(out)
        result = {}
        for kv in data.get("kvs", []):
            key = base64.b64decode(kv["key"]).decode()
            result[key] = base64.b64decode(kv.get("value", "")).decode()
        return result

    def delete_prefix(self, prefix: str) -> None:
        self._check_key(prefix)
        if prefix.rstrip("/") in {"", "/app"}:
            raise RuntimeError(f"refusing to delete broad prefix {prefix!r}")
        self._run("del", prefix, "--prefix")

    @staticmethod
    def _check_key(key: str) -> None:
        if not key.startswith(PREFIX):
            raise RuntimeError(f"key {key!r} is outside {PREFIX}")


def flatten(doc, base: str = "") -> dict:
    items = {}
    if isinstance(doc, dict):
        for k, v in doc.items():
            items.update(flatten(v, f"{base}/{k}" if base else k))
    elif isinstance(doc, list):
        items[base] = json.dumps(doc)
    else:
        items[base] = "" if doc is None else str(doc)
    return items


def collect_seed() -> dict:
    pairs = {}
    for path in sorted(SEED_DIR.glob("*.json")):
        service = path.stem
        doc = json.loads(path.read_text())
        for key, value in flatten(doc).items():
            pairs[f"{PREFIX}{service}/{key}"] = value
    return pairs


def wait_healthy(etcd: Etcd, seconds: int = 30) -> None:
    delay = 0.5
    waited = 0.0
    while not etcd.health():
        if waited >= seconds:
            raise SystemExit(f"etcd at {etcd.endpoint} not healthy after {seconds}s")
        time.sleep(delay)
        waited += delay
        delay = min(delay * 2, 5)


def diff(current: dict, wanted: dict) -> tuple:
    add = {k: v for k, v in wanted.items() if k not in current}
    change = {k: v for k, v in wanted.items() if k in current and current[k] != v}
    stale = [k for k in current if k not in wanted]
    return add, change, stale


def unflatten(pairs: dict) -> dict:
    tree = {}
    for key, value in pairs.items():
        parts = key[len(PREFIX):].split("/")
        node = tree
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        try:
            node[parts[-1]] = json.loads(value)
        except (json.JSONDecodeError, TypeError):
            node[parts[-1]] = value
    return tree


def export_tree(etcd: Etcd, target: Path) -> None:
    """Write the current /app/dev tree back into seed files (one per service)."""
    tree = unflatten(etcd.get_prefix(PREFIX))
    target.mkdir(parents=True, exist_ok=True)
    for service, doc in sorted(tree.items()):
        out = target / f"{service}.json"
        out.write_text(json.dumps(doc, indent=2, sort_keys=True) + "\n")
        print("wrote", out.relative_to(ROOT))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("action", choices=["load", "wipe", "show", "diff", "export"])
    ap.add_argument("--endpoint", default=os.environ.get("ETCD_ENDPOINT", DEFAULT_ENDPOINT))
    ap.add_argument("--allow-endpoint", action="store_true",
                    help="allow a non-local endpoint (still limited to /app/dev/)")
    ap.add_argument("--prune", action="store_true", help="delete keys not in the seed")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    if args.endpoint not in LOCAL_ENDPOINTS and not args.allow_endpoint:
        print(f"{args.endpoint} is not the local etcd; pass --allow-endpoint", file=sys.stderr)
        return 2

    etcd = Etcd(args.endpoint, dry_run=args.dry_run)
    wait_healthy(etcd)

    if args.action == "show":
        for key, value in sorted(etcd.get_prefix(PREFIX).items()):
            print(f"{key} = {value[:80]}")
        return 0

    if args.action == "export":
        export_tree(etcd, SEED_DIR)
        return 0

    if args.action == "wipe":
        etcd.delete_prefix(PREFIX)
        print(f"deleted everything under {PREFIX}")
        return 0

    wanted = collect_seed()
    current = etcd.get_prefix(PREFIX)
    add, change, stale = diff(current, wanted)
    print(f"{len(add)} new, {len(change)} changed, {len(stale)} stale key(s)")
    if args.action == "diff":
        for k in sorted(add):
            print("  +", k)
        for k in sorted(change):
            print("  ~", k)
        for k in sorted(stale):
            print("  -", k)
        return 0

    for key, value in sorted({**add, **change}.items()):
        etcd.put(key, value)
    if args.prune:
        for key in stale:
            etcd._run("del", key)
            print("  removed", key)
    print("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
