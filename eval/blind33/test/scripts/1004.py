#!/usr/bin/env python3
"""Load and dump the Baserow fixtures used by the end-to-end tests.

The e2e suite runs against a Baserow container (docker compose service
``baserow``) and expects a workspace "e2e" with the tables described in
tests/e2e/baserow/*.yaml.  This helper:

  load     create missing tables/fields and replace their rows with the fixture rows
  dump     write the current rows of every fixture table back to the YAML files
  verify   compare instance rows with fixtures and exit 1 on drift

Replacing rows deletes all rows of the fixture tables *in the e2e workspace
of the local container*; the script checks both the workspace name and that
BASEROW_PUBLIC_URL is localhost before doing that.  The JWT is obtained with
the e2e user's credentials from tests/e2e/.env and kept in memory only.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import yaml

TESTS = Path(__file__).resolve().parents[1] / "tests" / "e2e"
FIXTURES = TESTS / "baserow"
WORKSPACE_NAME = "e2e"
LOCAL_HOSTNAMES = ("localhost", "127.0.0.1", "baserow")


def read_env_file(path: Path) -> dict[str, str]:
    values: dict[str, str] = {}
    if path.is_file():
        for raw in path.read_text(encoding="utf-8").splitlines():
            raw = raw.strip()
            if raw and not raw.startswith("#") and "=" in raw:
                key, value = raw.split("=", 1)
                values[key.strip()] = value.strip().strip("'\"")
    return values


class Baserow:
    def __init__(self, base_url: str) -> None:
        host = urllib.parse.urlsplit(base_url).hostname or ""
        if host not in LOCAL_HOSTNAMES:
            raise SystemExit(f"BASEROW_PUBLIC_URL must be the local container, not {host}")
        self.base = base_url.rstrip("/")
        self.jwt: str | None = None

    def _send(self, method: str, path: str, payload: Any = None, auth: bool = True) -> Any:
        data = None if payload is None else json.dumps(payload).encode()
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if auth and self.jwt:
            headers["Authorization"] = f"JWT {self.jwt}"
        for attempt in range(4):
            req = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
            try:
                with urllib.request.urlopen(req, timeout=40) as resp:
                    raw = resp.read()
                    return json.loads(raw) if raw else None
            except urllib.error.HTTPError as err:
                if err.code >= 500 and attempt < 3:
                    time.sleep(0.5 * (attempt + 1))
                    continue
                message = err.read().decode("utf-8", "replace")[:300]
                raise SystemExit(f"{method} {path} -> {err.code}: {message}") from None
        return None

    def login(self, email: str, password: str) -> None:
        token = self._send("POST", "/api/user/token-auth/", {"email": email, "password": password}, auth=False)
        self.jwt = token["access_token"]

    def workspace_id(self, name: str) -> int:
        for ws in self._send("GET", "/api/workspaces/"):
            if ws["name"] == name:
                return ws["id"]
        raise SystemExit(f"workspace {name!r} not found; run `make e2e-bootstrap` first")

    def database_id(self, workspace: int, name: str) -> int:
        for app in self._send("GET", f"/api/applications/workspace/{workspace}/"):
            if app["type"] == "database" and app["name"] == name:
                return app["id"]
        created = self._send("POST", f"/api/applications/workspace/{workspace}/", {"type": "database", "name": name})
        return created["id"]

    def tables(self, database: int) -> dict[str, int]:
        return {t["name"]: t["id"] for t in self._send("GET", f"/api/database/tables/database/{database}/")}

    def create_table(self, database: int, name: str) -> int:
        return self._send("POST", f"/api/database/tables/database/{database}/", {"name": name})["id"]

    def fields(self, table: int) -> dict[str, dict[str, Any]]:
        return {f["name"]: f for f in self._send("GET", f"/api/database/fields/table/{table}/")}

    def create_field(self, table: int, spec: dict[str, Any]) -> None:
        self._send("POST", f"/api/database/fields/table/{table}/", spec)

    def rows(self, table: int) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        page = 1
        while True:
            res = self._send("GET", f"/api/database/rows/table/{table}/?user_field_names=true&size=200&page={page}")
            out.extend(res["results"])
            if not res.get("next"):
                return out
            page += 1

    def delete_rows(self, table: int, ids: list[int]) -> None:
        for start in range(0, len(ids), 200):
            self._send("POST", f"/api/database/rows/table/{table}/batch-delete/", {"items": ids[start:start + 200]})

    def insert_rows(self, table: int, rows: list[dict[str, Any]]) -> None:
        for start in range(0, len(rows), 200):
            self._send("POST", f"/api/database/rows/table/{table}/batch/?user_field_names=true",
                       {"items": rows[start:start + 200]})


def strip_row(row: dict[str, Any], keep: list[str]) -> dict[str, Any]:
    return {k: row.get(k) for k in keep}


def load_fixture(path: Path) -> dict[str, Any]:
    with path.open(encoding="utf-8") as handle:
        spec = yaml.safe_load(handle)
    for key in ("table", "fields", "rows"):
        if key not in spec:
            raise SystemExit(f"{path.name}: missing {key}")
    return spec


def connect() -> tuple[Baserow, int]:
    env = read_env_file(TESTS / ".env") | {k: v for k, v in os.environ.items() if k.startswith("BASEROW_")}
    client = Baserow(env.get("BASEROW_PUBLIC_URL", "http://localhost:8010"))
    client.login(env["BASEROW_E2E_EMAIL"], env["BASEROW_E2E_PASSWORD"])
    database = client.database_id(client.workspace_id(WORKSPACE_NAME), "fixtures")
    return client, database


def cmd_load() -> int:
    client, database = connect()
    existing = client.tables(database)
    for path in sorted(FIXTURES.glob("*.yaml")):
        spec = load_fixture(path)
        table_id = existing.get(spec["table"]) or client.create_table(database, spec["table"])
        present = client.fields(table_id)
        for field in spec["fields"]:
            if field["name"] not in present:
                client.create_field(table_id, field)
        current = client.rows(table_id)
        client.delete_rows(table_id, [r["id"] for r in current])
        client.insert_rows(table_id, spec["rows"])
        print(f"{spec['table']}: replaced {len(current)} rows with {len(spec['rows'])}")
    return 0


def cmd_dump() -> int:
    client, database = connect()
    existing = client.tables(database)
    for path in sorted(FIXTURES.glob("*.yaml")):
        spec = load_fixture(path)
        table_id = existing.get(spec["table"])
        if table_id is None:
            print(f"{spec['table']}: not on the instance, skipped")
            continue
        names = [f["name"] for f in spec["fields"]]
        spec["rows"] = [strip_row(r, names) for r in client.rows(table_id)]
        tmp = path.with_suffix(".yaml.tmp")
        tmp.write_text(yaml.safe_dump(spec, sort_keys=False, allow_unicode=True), encoding="utf-8")
        tmp.replace(path)
        print(f"{spec['table']}: wrote {len(spec['rows'])} rows to {path.name}")
    return 0


def cmd_verify() -> int:
    client, database = connect()
    existing = client.tables(database)
    drift = 0
    for path in sorted(FIXTURES.glob("*.yaml")):
        spec = load_fixture(path)
        table_id = existing.get(spec["table"])
        names = [f["name"] for f in spec["fields"]]
        live = [strip_row(r, names) for r in client.rows(table_id)] if table_id else []
        if live != spec["rows"]:
            drift += 1
            print(f"drift: {spec['table']} ({len(live)} live rows vs {len(spec['rows'])} fixture rows)")
    print("fixtures match" if not drift else f"{drift} table(s) drifted")
    return 1 if drift else 0


def main() -> int:
    parser = argparse.ArgumentParser(description="Baserow e2e fixtures")
    parser.add_argument("action", choices=("load", "dump", "verify"))
    action = parser.parse_args().action
    return {"load": cmd_load, "dump": cmd_dump, "verify": cmd_verify}[action]()


if __name__ == "__main__":
    sys.exit(main())
