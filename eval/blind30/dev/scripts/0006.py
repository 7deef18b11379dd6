#!/usr/bin/env python3
"""Diff the Keycloak realm kept in git against the local dev Keycloak.

The realm we ship lives in config/keycloak/realm-dev.json. Developers change
clients and roles in the admin console of their local Keycloak (docker compose,
http://localhost:8080) and then run this script to see what differs before
exporting. Client secrets are masked in the output. By default nothing is written;
with --write the live realm representation (secrets masked) replaces the file in git.

Admin credentials for the *local* server come from .env (KEYCLOAK_ADMIN,
KEYCLOAK_ADMIN_PASSWORD), the same values docker-compose.yml uses.
"""
from __future__ import annotations

import argparse
import difflib
import json
import os
import sys
import urllib.parse
from pathlib import Path
from typing import Any

import requests

ROOT = Path(__file__).resolve().parents[1]
REALM_FILE = ROOT / "config" / "keycloak" / "realm-dev.json"
ALLOWED_SERVERS = {"http://localhost:8080", "http://127.0.0.1:8080"}
SECRET_KEYS = {"secret", "clientSecret", "value", "privateKey", "certificate", "password"}
VOLATILE_KEYS = {"id", "containerId", "createdTimestamp", "notBefore", "_id"}


def env_value(name: str, default: str | None = None) -> str:
    if name in os.environ:
        return os.environ[name]
    env_file = ROOT / ".env"
    if env_file.exists():
        for line in env_file.read_text().splitlines():
            if line.startswith(name + "="):
                return line.partition("=")[2].strip().strip('"')
    if default is None:
        raise SystemExit(f"{name} not set (see .env.example)")
    return default


def admin_token(server: str, user: str, password: str) -> str:
    resp = requests.post(
        f"{server}/realms/master/protocol/openid-connect/token",
        data={"grant_type": "password", "client_id": "admin-cli",
              "username": user, "password": password},
        timeout=20,
    )
    resp.raise_for_status()
    return resp.json()["access_token"]


class AdminApi:
    def __init__(self, server: str, token: str, realm: str):
        self.base = f"{server}/admin/realms/{urllib.parse.quote(realm)}"
        self.s = requests.Session()
        self.s.headers.update({"Authorization": f"Bearer {token}", "Accept": "application/json"})

    def get(self, path: str = "", **params: Any) -> Any:
        resp = self.s.get(self.base + path, params=params, timeout=30)
        resp.raise_for_status()
        return resp.json()

    def realm(self) -> dict:
        rep = self.get()
        rep["clients"] = self.get("/clients")
        rep["roles"] = {"realm": self.get("/roles")}
        rep["groups"] = self.get("/groups")
        rep["clientScopes"] = self.get("/client-scopes")
        rep["identityProviders"] = self.get("/identity-provider/instances")
        return rep


def scrub(node: Any, path: str = "") -> Any:
    """Mask secrets and drop server-generated ids so the diff shows real changes."""
    if isinstance(node, dict):
        out = {}
        for key in sorted(node):
            if key in VOLATILE_KEYS:
                continue
            value = node[key]
            if key in SECRET_KEYS and isinstance(value, str) and value:
                out[key] = "**********"
            else:
                out[key] = scrub(value, f"{path}.{key}")
        return out
    if isinstance(node, list):
        items = [scrub(v, path) for v in node]
        try:
            return sorted(items, key=lambda x: json.dumps(x, sort_keys=True))
        except TypeError:
            return items
    return node


def by_name(items: list[dict], key: str) -> dict[str, dict]:
    return {str(i.get(key)): i for i in items or []}


def section_diff(title: str, left: dict, right: dict, key: str) -> list[str]:
    lines: list[str] = []
    lmap, rmap = by_name(left.get(title, []), key), by_name(right.get(title, []), key)
    for name in sorted(set(lmap) | set(rmap)):
        if name not in rmap:
            lines.append(f"- {title}/{name} only in git")
        elif name not in lmap:
            lines.append(f"+ {title}/{name} only on the dev server")
        elif lmap[name] != rmap[name]:
            a = json.dumps(lmap[name], indent=2, sort_keys=True).splitlines()
            b = json.dumps(rmap[name], indent=2, sort_keys=True).splitlines()
            lines.append(f"~ {title}/{name}")
            lines.extend("    " + d for d in difflib.unified_diff(a, b, "git", "server", n=1, lineterm="")
                         if not d.startswith(("---", "+++")))
    return lines


def top_level_diff(left: dict, right: dict) -> list[str]:
    skip = {"clients", "roles", "groups", "clientScopes", "identityProviders", "users"}
    out = []
    for key in sorted((set(left) | set(right)) - skip):
        if left.get(key) != right.get(key):
            out.append(f"~ realm.{key}: {left.get(key)!r} -> {right.get(key)!r}")
    return out


def write_json_report(report: list[str], realm: str) -> Path:
    """Keep the last diff for the PR description (build/ is git-ignored)."""
    out_dir = ROOT / "build" / "keycloak"
    out_dir.mkdir(parents=True, exist_ok=True)
    out = out_dir / f"diff-{realm}.json"
    summary = {
        "realm": realm,
        "only_in_git": [ln[2:] for ln in report if ln.startswith("- ")],
        "only_on_server": [ln[2:] for ln in report if ln.startswith("+ ")],
        "changed": [ln[2:] for ln in report if ln.startswith("~ ")],
    }
    out.write_text(json.dumps(summary, indent=2) + "\n")
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--server", default=env_value("KEYCLOAK_URL", "http://localhost:8080"))
    ap.add_argument("--realm", default="dev")
    ap.add_argument("--file", type=Path, default=REALM_FILE)
    ap.add_argument("--write", action="store_true", help="overwrite the git copy with the server state")
    args = ap.parse_args()

    server = args.server.rstrip("/")
    if server not in ALLOWED_SERVERS:
        print(f"refusing to talk to {server}: this tool is for the local dev Keycloak only",
              file=sys.stderr)
        return 2
    token = admin_token(server, env_value("KEYCLOAK_ADMIN"), env_value("KEYCLOAK_ADMIN_PASSWORD"))
    live = scrub(AdminApi(server, token, args.realm).realm())
    stored = scrub(json.loads(args.file.read_text()))

    report = top_level_diff(stored, live)
    for section, key in (("clients", "clientId"), ("groups", "name"),
                         ("clientScopes", "name"), ("identityProviders", "alias")):
        report += section_diff(section, stored, live, key)
    stored_roles = {"roles": stored.get("roles", {}).get("realm", [])}
    live_roles = {"roles": live.get("roles", {}).get("realm", [])}
    report += section_diff("roles", stored_roles, live_roles, "name")

    if not report:
        print(f"realm {args.realm}: git and {server} agree")
        return 0
    print("\n".join(report))
    print(f"\nsummary: {write_json_report(report, args.realm).relative_to(ROOT)}")
    if args.write:
        tmp = args.file.with_suffix(".json.tmp")
        tmp.write_text(json.dumps(live, indent=2, sort_keys=True) + "\n")
        tmp.replace(args.file)
        print(f"\nwrote {args.file.relative_to(ROOT)} (secrets masked; re-enter them from the vault)")
    else:
        print("\n(dry run; pass --write to update the file in git)")
    return 1


if __name__ == "__main__":
    sys.exit(main())
