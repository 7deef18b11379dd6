#!/usr/bin/env python3
"""Selective asset sync between storefront/theme and a development theme.

    python tools/asset_sync.py status --theme 130211
    python tools/asset_sync.py push --theme 130211 sections/header.liquid
    python tools/asset_sync.py push --theme 130211 --changed --apply

Talks to the Admin REST "assets" endpoint of the store configured in .env
(SHOPIFY_STORE=<name>.myshopify.com, SHOPIFY_ADMIN_TOKEN). The token only goes
to that store. Themes with role "main" (the live theme) are refused outright;
pushing to the live theme is done through the release process, not here.
"""
from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
THEME_DIR = REPO / "storefront" / "theme"
API_VERSION = "2025-01"
TEXT_SUFFIXES = {".liquid", ".json", ".css", ".js", ".svg", ".txt"}
SKIP = {"config/settings_data.json"}


def read_env() -> dict[str, str]:
    values: dict[str, str] = {}
    env_file = REPO / ".env"
    if env_file.is_file():
        for raw in env_file.read_text(encoding="utf-8").splitlines():
            if "=" in raw and not raw.lstrip().startswith("#"):
                k, v = raw.split("=", 1)
                values[k.strip()] = v.strip().strip('"')
    values.update({k: v for k, v in os.environ.items() if k.startswith("SHOPIFY_")})
    return values


@dataclass
class Store:
    domain: str
    token: str

    def __post_init__(self) -> None:
        if not self.domain.endswith(".myshopify.com"):
            raise SystemExit(f"SHOPIFY_STORE must be a myshopify.com domain, got {self.domain!r}")

    def url(self, path: str, query: dict | None = None) -> str:
        q = f"?{urllib.parse.urlencode(query)}" if query else ""
        return f"https://{self.domain}/admin/api/{API_VERSION}/{path}{q}"

    def call(self, method: str, path: str, query: dict | None = None, body: dict | None = None) -> dict:
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.url(path, query), data=data, method=method)
        req.add_header("X-Shopify-Access-Token", self.token)
        req.add_header("Content-Type", "application/json")
        for attempt in range(5):
            try:
                with urllib.request.urlopen(req, timeout=30) as resp:
                    limit = resp.headers.get("X-Shopify-Shop-Api-Call-Limit", "0/40")
                    used, cap = (int(x) for x in limit.split("/"))
                    if used > cap * 0.8:
                        time.sleep(1.0)
                    return json.loads(resp.read() or b"{}")
            except urllib.error.HTTPError as exc:
                if exc.code == 429 or exc.code >= 500:
                    wait = float(exc.headers.get("Retry-After", 2 ** attempt))
                    time.sleep(wait)
                    continue
                detail = exc.read().decode(errors="replace")[:300]
                raise SystemExit(f"{method} {path}: HTTP {exc.code} {detail}")
        raise SystemExit(f"{method} {path}: gave up after retries")


def theme_info(store: Store, theme_id: int) -> dict:
    theme = store.call("GET", f"themes/{theme_id}.json")["theme"]
    if theme.get("role") == "main":
        raise SystemExit(f"theme {theme_id} ({theme['name']}) is the LIVE theme; refusing")
    return theme


def remote_assets(store: Store, theme_id: int) -> dict[str, str]:
    assets = store.call("GET", f"themes/{theme_id}/assets.json")["assets"]
    return {a["key"]: a.get("checksum") or "" for a in assets}


def local_assets() -> dict[str, Path]:
    out: dict[str, Path] = {}
    for path in THEME_DIR.rglob("*"):
        if path.is_file():
            key = path.relative_to(THEME_DIR).as_posix()
            if key not in SKIP and not key.startswith("."):
                out[key] = path
    return out


def md5_hex(path: Path) -> str:
    return hashlib.md5(path.read_bytes()).hexdigest()


def compare(store: Store, theme_id: int) -> dict[str, list[str]]:
    remote = remote_assets(store, theme_id)
    local = local_assets()
    result = {"changed": [], "only_local": [], "only_remote": []}
    for key, path in sorted(local.items()):
        if key not in remote:
            result["only_local"].append(key)
        elif remote[key] and remote[key] != md5_hex(path):
            result["changed"].append(key)
    result["only_remote"] = sorted(k for k in remote if k not in local and k not in SKIP)
    return result


def upload(store: Store, theme_id: int, key: str) -> None:
    path = THEME_DIR / key
    if not path.is_file():
        raise SystemExit(f"{key}: not found under storefront/theme")
    asset: dict[str, str] = {"key": key}
    if path.suffix in TEXT_SUFFIXES:
        asset["value"] = path.read_text(encoding="utf-8")
    else:
        asset["attachment"] = base64.b64encode(path.read_bytes()).decode()
    store.call("PUT", f"themes/{theme_id}/assets.json", body={"asset": asset})


def validate_json_templates(keys: list[str]) -> list[str]:
    problems = []
    for key in keys:
        if key.endswith(".json"):
            try:
                json.loads((THEME_DIR / key).read_text(encoding="utf-8"))
            except json.JSONDecodeError as exc:
                problems.append(f"{key}: {exc}")
    return problems


def cmd_status(store: Store, theme_id: int) -> int:
    theme = theme_info(store, theme_id)
    diff = compare(store, theme_id)
    print(f"theme {theme_id} '{theme['name']}' ({theme['role']})")
    for label, keys in diff.items():
        print(f"{label}: {len(keys)}")
        for k in keys[:25]:
            print(f"   {k}")
        if len(keys) > 25:
            print(f"   … {len(keys) - 25} more")
    return 0 if not any(diff.values()) else 3


def cmd_push(store: Store, theme_id: int, keys: list[str], changed: bool, apply: bool) -> int:
    theme_info(store, theme_id)
    if changed:
        diff = compare(store, theme_id)
        keys = diff["changed"] + diff["only_local"]
    if not keys:
        print("nothing to push")
        return 0
    problems = validate_json_templates(keys)
    if problems:
        for p in problems:
            print("invalid:", p, file=sys.stderr)
        return 1
    for key in keys:
        if not apply:
            print(f"would upload {key}")
            continue
        upload(store, theme_id, key)
        print(f"uploaded {key}")
    if not apply:
        print("dry run; add --apply to upload")
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="selective theme asset sync")
    parser.add_argument("command", choices=["status", "push"])
    parser.add_argument("keys", nargs="*", help="asset keys like sections/header.liquid")
    parser.add_argument("--theme", type=int, required=True, help="development theme id")
    parser.add_argument("--changed", action="store_true", help="push every changed/new file")
    parser.add_argument("--apply", action="store_true", help="actually upload")
    args = parser.parse_args(argv)

    env = read_env()
    domain, token = env.get("SHOPIFY_STORE"), env.get("SHOPIFY_ADMIN_TOKEN")
    if not domain or not token:
        raise SystemExit("SHOPIFY_STORE and SHOPIFY_ADMIN_TOKEN must be set in .env")
    store = Store(domain, token)
    if args.command == "status":
        return cmd_status(store, args.theme)
    return cmd_push(store, args.theme, args.keys, args.changed, args.apply)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
