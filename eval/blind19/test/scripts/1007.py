#!/usr/bin/env python3
"""Start the API locally with credentials from HashiCorp Vault (HTTP API).

Vault lives on the internal network at VAULT_ADDR (default
https://vault.internal:8200). Authentication uses the token written by
`vault login` (~/.vault-token) or AppRole credentials in VAULT_ROLE_ID /
VAULT_SECRET_ID for the nightly job. The script:

  1. reads config/vault-secrets.toml (env name -> kv path + key)
  2. fetches every secret over HTTPS with the X-Vault-Token header
  3. execs the command with those values added to its environment

No value is written to disk or printed; `--dry-run` shows which variables
would be set and the secret versions, not their contents.
"""
from __future__ import annotations

import argparse
import json
import os
import ssl
import sys
import tomllib
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1].resolve()
MAPPING = REPO / "config" / "vault-secrets.toml"
CA_BUNDLE = REPO / "config" / "internal-ca.pem"
DEFAULT_ADDR = "https://vault.internal:8200"


@dataclass(frozen=True)
class SecretRef:
    env: str
    mount: str
    path: str
    key: str
    required: bool = True


class VaultError(RuntimeError):
    pass


class Vault:
    def __init__(self, addr: str, token: str | None = None):
        self.addr = addr.rstrip("/")
        self.token = token
        self.ctx = ssl.create_default_context(cafile=str(CA_BUNDLE) if CA_BUNDLE.exists() else None)

    def _request(self, method: str, path: str, body: dict | None = None) -> dict:
        headers = {"Accept": "application/json"}
        if self.token:
            headers["X-Vault-Token"] = self.token
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        req = urllib.request.Request(f"{self.addr}/v1/{path}", data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, context=self.ctx, timeout=15) as resp:
                return json.load(resp)
        except urllib.error.HTTPError as exc:
            detail = exc.read().decode(errors="replace")[:200]
            raise VaultError(f"{method} {path}: HTTP {exc.code} {detail}") from None
        except urllib.error.URLError as exc:
            raise VaultError(f"cannot reach {self.addr}: {exc.reason}") from None

    def approle_login(self, role_id: str, secret_id: str) -> None:
        reply = self._request("POST", "auth/approle/login", {"role_id": role_id, "secret_id": secret_id})
        self.token = reply["auth"]["client_token"]

    def lookup_self(self) -> dict:
        return self._request("GET", "auth/token/lookup-self")["data"]

    def kv2(self, mount: str, path: str) -> tuple[dict, int]:
        reply = self._request("GET", f"{mount}/data/{path}")
        return reply["data"]["data"], reply["data"]["metadata"]["version"]


def load_refs() -> list[SecretRef]:
    with MAPPING.open("rb") as fh:
        doc = tomllib.load(fh)
    refs = []
    for env, spec in doc.get("secrets", {}).items():
        mount, _, path = spec["path"].partition("/")
        refs.append(SecretRef(env=env, mount=mount, path=path, key=spec["key"], required=spec.get("required", True)))
    names = [r.env for r in refs]
    dupes = {n for n in names if names.count(n) > 1}
    if dupes:
        raise SystemExit(f"duplicate env names in mapping: {sorted(dupes)}")
    return refs


def token_from_disk() -> str | None:
    if os.environ.get("VAULT_TOKEN"):
        return os.environ["VAULT_TOKEN"]
    token_file = Path.home() / ".vault-token"
    if token_file.exists():
        return token_file.read_text().strip()
    return None


def authenticate(vault: Vault) -> None:
    role_id, secret_id = os.environ.get("VAULT_ROLE_ID"), os.environ.get("VAULT_SECRET_ID")
    if role_id and secret_id:
        vault.approle_login(role_id, secret_id)
        return
    vault.token = token_from_disk()
    if not vault.token:
        raise SystemExit("not logged in: run `vault login -method=oidc` (or set VAULT_ROLE_ID/VAULT_SECRET_ID)")


def fetch(vault: Vault, refs: list[SecretRef]) -> tuple[dict[str, str], dict[str, int], list[str]]:
    cache: dict[tuple[str, str], tuple[dict, int]] = {}
    values: dict[str, str] = {}
    versions: dict[str, int] = {}
    missing: list[str] = []
    for ref in refs:
        key = (ref.mount, ref.path)
        if key not in cache:
            try:
                cache[key] = vault.kv2(ref.mount, ref.path)
            except VaultError as exc:
                if ref.required:
                    missing.append(f"{ref.env}: {exc}")
                continue
        data, version = cache[key]
        if ref.key not in data:
            if ref.required:
                missing.append(f"{ref.env}: key {ref.key!r} not in {ref.mount}/{ref.path}")
            continue
        values[ref.env] = str(data[ref.key])
        versions[ref.env] = version
    return values, versions, missing


def warn_on_addr(addr: str) -> None:
    # the CA bundle only covers the internal Vault; anything else is unusual here
    host = urllib.request.urlparse(addr).hostname if hasattr(urllib.request, "urlparse") else addr
    if "vault.internal" not in str(host) and "127.0.0.1" not in str(host):
        print(f"note: VAULT_ADDR is {addr}, not the team Vault", file=sys.stderr)


def exec_with(values: dict[str, str], command: list[str]) -> None:
    env = dict(os.environ)
    env.update(values)
    for name in ("VAULT_TOKEN", "VAULT_ROLE_ID", "VAULT_SECRET_ID"):
        env.pop(name, None)
    os.chdir(REPO)
    os.execvpe(command[0], command, env)


def main() -> int:
    parser = argparse.ArgumentParser(formatter_class=argparse.RawDescriptionHelpFormatter, description=__doc__)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="command to run")
    args = parser.parse_args()
    command = args.command[1:] if args.command and args.command[0] == "--" else args.command
    if not command and not args.dry_run:
        parser.error("give a command after --")

    addr = os.environ.get("VAULT_ADDR", DEFAULT_ADDR)
    warn_on_addr(addr)
    vault = Vault(addr)
    authenticate(vault)
    me = vault.lookup_self()
    if me.get("ttl", 0) and me["ttl"] < 300:
        print(f"warning: token expires in {me['ttl']}s", file=sys.stderr)

    values, versions, missing = fetch(vault, load_refs())
    if missing:
        for line in missing:
            print(f"missing {line}", file=sys.stderr)
        return 2
    if args.dry_run:
        for name in sorted(values):
            print(f"{name:<28} v{versions[name]}  ({len(values[name])} chars)")
        return 0
    print(f"loaded {len(values)} secret(s); starting {command[0]}", file=sys.stderr)
    exec_with(values, command)
    return 0


if __name__ == "__main__":
    sys.exit(main())
