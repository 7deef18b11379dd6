#!/usr/bin/env python3
"""Check that the local Zitadel dev instance matches docs/zitadel/expected.yaml.

Used by the integration team before they regenerate the OIDC fixtures: lists the
projects, applications (OIDC config: redirect URIs, grant types, auth method) and
project roles on the *local* Zitadel (docker compose, http://localhost:8080) through
the Management API, compares them with the expected state in git, and prints a diff.

Auth: a personal access token of the local IAM admin service user (ZITADEL_DEV_PAT in
.env). The token is sent only to the local instance. With --write-fixtures the OIDC
client ids are written into tests/fixtures/zitadel.json (client secrets are never
fetched; the local machine key file is referenced by path).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import requests
import yaml

ROOT = Path(__file__).resolve().parents[1]
EXPECTED = ROOT / "docs" / "zitadel" / "expected.yaml"
FIXTURES = ROOT / "tests" / "fixtures" / "zitadel.json"
LOCAL = {"localhost", "127.0.0.1", "zitadel.localhost"}


def setting(name: str, default: str | None = None) -> str:
    val = os.environ.get(name)
    if val:
        return val
    dot = ROOT / ".env"
    if dot.exists():
        for line in dot.read_text().splitlines():
            if line.startswith(f"{name}="):
                return line.split("=", 1)[1].strip().strip('"')
    if default is not None:
        return default
    raise SystemExit(f"{name} missing from .env")


@dataclass
class App:
    name: str
    app_id: str
    client_id: str
    redirect_uris: list[str]
    grant_types: list[str]
    auth_method: str

    def key(self) -> dict:
        return {
            "redirect_uris": sorted(self.redirect_uris),
            "grant_types": sorted(self.grant_types),
            "auth_method": self.auth_method,
        }


class Management:
    def __init__(self, base: str, pat: str):
        host = urlsplit(base).hostname or ""
        if host not in LOCAL:
            raise SystemExit(f"refusing to query {base}: local dev instance only")
        self.base = base.rstrip("/")
        self.s = requests.Session()
        self.s.headers.update({"Authorization": f"Bearer {pat}", "Content-Type": "application/json"})

    def post(self, path: str, body: dict | None = None) -> dict:
        r = self.s.post(f"{self.base}/management/v1/{path}", json=body or {}, timeout=20)
        r.raise_for_status()
        return r.json()

    def projects(self) -> list[dict]:
        return self.post("projects/_search", {"query": {"limit": 200}}).get("result", [])

    def apps(self, project_id: str) -> list[App]:
        out = []
        for a in self.post(f"projects/{project_id}/apps/_search", {"query": {"limit": 200}}).get("result", []):
            oidc = a.get("oidcConfig")
            if not oidc:
                continue
            out.append(App(
                name=a["name"],
                app_id=a["id"],
                client_id=oidc.get("clientId", ""),
                redirect_uris=oidc.get("redirectUris", []),
                grant_types=oidc.get("grantTypes", []),
                auth_method=oidc.get("authMethodType", ""),
            ))
        return out

    def roles(self, project_id: str) -> list[str]:
        res = self.post(f"projects/{project_id}/roles/_search", {"query": {"limit": 500}})
        return sorted(r["key"] for r in res.get("result", []))


def diff_project(name: str, expected: dict, actual_apps: list[App], actual_roles: list[str]) -> list[str]:
    lines: list[str] = []
    by_name = {a.name: a for a in actual_apps}
    for app_name, spec in (expected.get("apps") or {}).items():
        app = by_name.get(app_name)
        if app is None:
            lines.append(f"  - app {app_name}: missing on the instance")
            continue
        want = {
            "redirect_uris": sorted(spec.get("redirect_uris", [])),
            "grant_types": sorted(spec.get("grant_types", [])),
            "auth_method": spec.get("auth_method", ""),
        }
        have = app.key()
        for k in want:
            if want[k] != have[k]:
                lines.append(f"  ~ app {app_name}.{k}: expected {want[k]} got {have[k]}")
    extra = sorted(set(by_name) - set(expected.get("apps") or {}))
    lines += [f"  + app {n}: not described in expected.yaml" for n in extra]
    want_roles = sorted(expected.get("roles", []))
    if want_roles != actual_roles:
        missing = sorted(set(want_roles) - set(actual_roles))
        unexpected = sorted(set(actual_roles) - set(want_roles))
        if missing:
            lines.append(f"  - roles missing: {', '.join(missing)}")
        if unexpected:
            lines.append(f"  + roles not in git: {', '.join(unexpected)}")
    if lines:
        lines.insert(0, f"project {name}:")
    return lines


def warn_insecure(found: dict[str, list[App]]) -> None:
    """Local dev may use http redirects, but never wildcard ones."""
    for proj, apps in found.items():
        for a in apps:
            for uri in a.redirect_uris:
                if "*" in uri:
                    print(f"warning: {proj}/{a.name} has wildcard redirect {uri}")


def write_fixtures(found: dict[str, list[App]]) -> None:
    data = {
        "issuer": setting("ZITADEL_DEV_URL", "http://localhost:8080"),
        "machine_key_file": "tests/fixtures/local-machine-key.json",
        "projects": {
            proj: {a.name: {"client_id": a.client_id, "app_id": a.app_id} for a in apps}
            for proj, apps in found.items()
        },
    }
    FIXTURES.parent.mkdir(parents=True, exist_ok=True)
    tmp = FIXTURES.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")
    tmp.replace(FIXTURES)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--expected", type=Path, default=EXPECTED)
    ap.add_argument("--write-fixtures", action="store_true")
    args = ap.parse_args()

    expected = yaml.safe_load(args.expected.read_text()) or {}
    api = Management(setting("ZITADEL_DEV_URL", "http://localhost:8080"), setting("ZITADEL_DEV_PAT"))
    projects = {p["name"]: p["id"] for p in api.projects()}
    report: list[str] = []
    found: dict[str, list[App]] = {}
    for name, spec in (expected.get("projects") or {}).items():
        if name not in projects:
            report.append(f"project {name}: missing on the instance")
            continue
        apps = api.apps(projects[name])
        found[name] = apps
        report += diff_project(name, spec or {}, apps, api.roles(projects[name]))
    unknown = sorted(set(projects) - set(expected.get("projects") or {}) - {"ZITADEL"})
    report += [f"project {n}: exists locally but not in expected.yaml" for n in unknown]

    warn_insecure(found)
    total_apps = sum(len(a) for a in found.values())
    print(f"{len(projects)} project(s), {total_apps} OIDC app(s) checked on the local instance")
    print("\n".join(report) if report else "local Zitadel matches expected.yaml")
    if args.write_fixtures:
        write_fixtures(found)
        print(f"fixtures written to {FIXTURES.relative_to(ROOT)}")
    return 1 if report else 0


if __name__ == "__main__":
    sys.exit(main())
