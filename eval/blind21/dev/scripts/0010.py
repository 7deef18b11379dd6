#!/usr/bin/env python3
"""Seed a local `vault server -dev` with the app's development secrets.

Secrets live encrypted in secrets/dev.enc.yaml (sops + age). This script
decrypts them with `sops -d`, and writes each top-level key to
secret/data/<app>/<key> on the dev Vault. The dev server's root token is the
fixed string from docker-compose.yml, so the script refuses any VAULT_ADDR
that is not loopback.

  python3 scripts/seed_vault.py            # show what would be written
  python3 scripts/seed_vault.py --apply    # write it
  python3 scripts/seed_vault.py --reset    # delete our app path first
"""
import argparse
import ipaddress
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

import yaml

ROOT = Path(__file__).resolve().parents[1]
ENC_FILE = ROOT / "secrets" / "dev.enc.yaml"
APP = "orders"
MOUNT = "secret"
DEFAULT_ADDR = "http://127.0.0.1:8200"
DEV_ROOT_TOKEN = "dev-root"  # matches `-dev-root-token-id` in docker-compose.yml


class VaultError(RuntimeError):
    pass


def is_loopback(addr: str) -> bool:
    host = urlparse(addr).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def mask(value: str) -> str:
    value = str(value)
    if len(value) <= 4:
        return "****"
    return "*" * 8 + value[-4:]


class Vault:
    def __init__(self, addr: str, token: str):
        self.addr = addr.rstrip("/")
        self.token = token

    def _req(self, method: str, path: str, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(f"{self.addr}/v1/{path}", data=data, method=method,
                                     headers={"X-Vault-Token": self.token,
                                              "Content-Type": "application/json"})
        delay = 0.5
        for attempt in range(6):
            try:
                with urllib.request.urlopen(req, timeout=5) as resp:
                    raw = resp.read()
                    return json.loads(raw) if raw else {}
            except urllib.error.HTTPError as exc:
                if exc.code == 404 and method in ("GET", "LIST"):
                    return None
                if exc.code == 503 and attempt < 5:  # sealed / standby while starting
                    time.sleep(delay)
                    delay *= 2
                    continue
                raise VaultError(f"{method} {path}: HTTP {exc.code} {exc.read()[:200]!r}")
            except urllib.error.URLError as exc:
                if attempt < 5:
                    time.sleep(delay)
                    delay *= 2
                    continue
                raise VaultError(f"cannot reach {self.addr}: {exc.reason}")

    def health(self) -> dict:
        return self._req("GET", "sys/health") or {}

    def ensure_kv2(self) -> None:
        mounts = self._req("GET", "sys/mounts") or {}
        info = mounts.get(f"{MOUNT}/") or mounts.get("data", {}).get(f"{MOUNT}/")
        if not info:
            self._req("POST", f"sys/mounts/{MOUNT}", {"type": "kv", "options": {"version": "2"}})
            print(f"mounted kv-v2 at {MOUNT}/")

    def list_keys(self, prefix: str) -> list:
        res = self._req("LIST", f"{MOUNT}/metadata/{prefix}")
        return (res or {}).get("data", {}).get("keys", [])

    def put(self, path: str, data: dict) -> int:
        res = self._req("POST", f"{MOUNT}/data/{path}", {"data": data})
        return res["data"]["version"]

    def delete_all_versions(self, path: str) -> None:
        self._req("DELETE", f"{MOUNT}/metadata/{path}")


def decrypt() -> dict:
    if not ENC_FILE.exists():
        sys.exit(f"{ENC_FILE.relative_to(ROOT)} not found")
    res = subprocess.run(["sops", "--decrypt", "--output-type", "json", str(ENC_FILE)],
                         capture_output=True, text=True)
    if res.returncode != 0:
        sys.exit("sops could not decrypt (is SOPS_AGE_KEY_FILE set?):\n" + res.stderr)
    data = json.loads(res.stdout)
    data.pop("sops", None)
    return data


def flatten(data: dict) -> dict:
    """Top-level keys become secret paths; their mappings become the KV data."""
    out = {}
    for key, val in data.items():
        if isinstance(val, dict):
            out[key] = {k: str(v) for k, v in val.items()}
        else:
            out[key] = {"value": str(val)}
    return out


def write_env_hint(addr: str) -> None:
    """Leave a gitignored .env.vault so `direnv` picks up the dev address."""
    hint = ROOT / ".env.vault"
    hint.write_text(f"VAULT_ADDR={addr}\nVAULT_TOKEN={DEV_ROOT_TOKEN}\n")
    print(f"wrote {hint.name} (dev server values only)")


def reset(v: Vault) -> None:
    for key in v.list_keys(f"{APP}/"):
        path = f"{APP}/{key}".rstrip("/")
        v.delete_all_versions(path)
        print(f"deleted {MOUNT}/{path}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--apply", action="store_true")
    ap.add_argument("--reset", action="store_true")
    ap.add_argument("--show-values", action="store_true", help="print masked values")
    args = ap.parse_args()

    addr = os.environ.get("VAULT_ADDR", DEFAULT_ADDR)
    if not is_loopback(addr):
        sys.exit(f"VAULT_ADDR={addr} is not a local dev server; refusing")
    token = os.environ.get("VAULT_TOKEN", DEV_ROOT_TOKEN)
    v = Vault(addr, token)

    health = v.health()
    if health.get("sealed"):
        sys.exit("vault is sealed; the dev server should never be")
    print(f"vault {health.get('version', '?')} at {addr}")

    secrets = flatten(decrypt())
    for path, data in sorted(secrets.items()):
        shown = {k: mask(val) for k, val in data.items()} if args.show_values else sorted(data)
        print(f"  {MOUNT}/{APP}/{path}: {shown}")
    if not args.apply:
        print("(dry run; pass --apply to write)")
        return 0

    v.ensure_kv2()
    if args.reset:
        reset(v)
    for path, data in sorted(secrets.items()):
        ver = v.put(f"{APP}/{path}", data)
        print(f"wrote {MOUNT}/{APP}/{path} (version {ver})")
    write_env_hint(addr)
    print("export VAULT_ADDR=%s  # then: vault kv get %s/%s/<name>" % (addr, MOUNT, APP))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except VaultError as exc:
        sys.exit(f"vault: {exc}")
