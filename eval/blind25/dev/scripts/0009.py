#!/usr/bin/env python3
"""Sync feature-flag definitions from flags/*.yaml to LaunchDarkly.

The YAML files are the source of truth for flag *definitions* (key, name,
description, variations, tags). Targeting and on/off state are managed in
the LaunchDarkly UI and are never changed here.

    tools/flag_sync.py diff             # show what differs (default)
    tools/flag_sync.py apply --yes      # create missing flags, patch metadata
    tools/flag_sync.py archive-stale    # list flags that no YAML defines

API token: LD_API_TOKEN in the environment or in .env. It is sent only to
app.launchdarkly.com in the Authorization header.
"""
import argparse
import json
import os
import random
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
FLAGS_DIR = ROOT / "flags"
API = "https://app.launchdarkly.com/api/v2"
MANAGED_TAG = "managed-by-repo"


class LDError(RuntimeError):
    pass


def read_env_file(path):
    values = {}
    if path.exists():
        for line in path.read_text().splitlines():
            line = line.strip()
            if line and not line.startswith("#") and "=" in line:
                k, v = line.split("=", 1)
                values[k.strip()] = v.strip().strip("'\"")
    return values


def token():
    tok = os.environ.get("LD_API_TOKEN") or read_env_file(ROOT / ".env").get("LD_API_TOKEN")
    if not tok:
        raise SystemExit("LD_API_TOKEN is not set (env or .env)")
    return tok


class Client:
    def __init__(self, api_token, project):
        self.project = project
        self._headers = {
            "Authorization": api_token,
            "Content-Type": "application/json",
            "LD-API-Version": "20240415",
            "User-Agent": "flag-sync/2.0",
        }

    def request(self, method, path, body=None, attempts=5):
        data = json.dumps(body).encode() if body is not None else None
        for attempt in range(attempts):
            req = urllib.request.Request(API + path, data=data, method=method,
                                         headers=self._headers)
            try:
                with urllib.request.urlopen(req, timeout=30) as resp:
                    raw = resp.read()
                    return json.loads(raw) if raw else None
            except urllib.error.HTTPError as exc:
                if exc.code == 429 or exc.code >= 500:
                    reset = exc.headers.get("X-Ratelimit-Reset")
                    delay = 2 ** attempt + random.random()
                    if reset and reset.isdigit():
                        delay = max(delay, int(reset) / 1000 - time.time())
                    print(f"  {exc.code} from LaunchDarkly, retrying in {delay:.1f}s")
                    time.sleep(min(delay, 60))
                    continue
                detail = exc.read().decode(errors="replace")[:300]
                raise LDError(f"{method} {path}: {exc.code} {detail}") from None
        raise LDError(f"{method} {path}: giving up after {attempts} attempts")

    def flags(self):
        out, path = [], f"/flags/{self.project}?summary=true&limit=100"
        while path:
            page = self.request("GET", path)
            out.extend(page["items"])
            nxt = page.get("_links", {}).get("next", {}).get("href")
            path = nxt.replace("/api/v2", "", 1) if nxt else None
        return {f["key"]: f for f in out}

    def create(self, spec):
        return self.request("POST", f"/flags/{self.project}", spec)

    def patch(self, key, ops):
        return self.request("PATCH", f"/flags/{self.project}/{key}", ops)


def load_specs():
    specs = {}
    for path in sorted(FLAGS_DIR.glob("*.yaml")):
        doc = yaml.safe_load(path.read_text()) or {}
        for key, spec in (doc.get("flags") or {}).items():
            if key in specs:
                raise SystemExit(f"flag {key} defined twice (second in {path.name})")
            spec = dict(spec)
            spec["key"] = key
            spec.setdefault("name", key.replace("-", " ").title())
            spec.setdefault("description", "")
            spec.setdefault("tags", [])
            if MANAGED_TAG not in spec["tags"]:
                spec["tags"].append(MANAGED_TAG)
            spec.setdefault("variations", [{"value": True}, {"value": False}])
            specs[key] = spec
    return specs


def metadata_ops(spec, live):
    ops = []
    for field in ("name", "description"):
        if live.get(field, "") != spec[field]:
            ops.append({"op": "replace", "path": f"/{field}", "value": spec[field]})
    if sorted(live.get("tags", [])) != sorted(spec["tags"]):
        ops.append({"op": "replace", "path": "/tags", "value": sorted(spec["tags"])})
    return ops


def diff(specs, live):
    missing = [k for k in specs if k not in live]
    changed = {k: metadata_ops(specs[k], live[k]) for k in specs if k in live}
    changed = {k: v for k, v in changed.items() if v}
    stale = [k for k, f in live.items() if MANAGED_TAG in f.get("tags", []) and k not in specs]
    return missing, changed, stale


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("action", nargs="?", default="diff",
                    choices=["diff", "apply", "archive-stale"])
    ap.add_argument("--project", default=os.environ.get("LD_PROJECT", "web-app"))
    ap.add_argument("--yes", action="store_true")
    args = ap.parse_args()

    client = Client(token(), args.project)
    specs = load_specs()
    live = client.flags()
    missing, changed, stale = diff(specs, live)

    print(f"{len(specs)} defined, {len(live)} in LaunchDarkly project {args.project}")
    for k in missing:
        print(f"  + {k}")
    for k, ops in changed.items():
        print(f"  ~ {k}: " + ", ".join(o["path"] for o in ops))
    for k in stale:
        print(f"  ? {k} (tagged {MANAGED_TAG} but not in flags/)")

    if args.action == "diff":
        return 0
    if args.action == "archive-stale":
        print("archiving is left to a human in the LaunchDarkly UI")
        return 0
    if not args.yes:
        print("dry run; add --yes to create/patch")
        return 0
    for k in missing:
        spec = {f: specs[k][f] for f in ("key", "name", "description", "tags", "variations")}
        client.create(spec)
        print(f"  created {k}")
    for k, ops in changed.items():
        client.patch(k, ops)
        print(f"  patched {k}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except LDError as exc:
        print(f"error: {exc}", file=sys.stderr)
        sys.exit(2)
