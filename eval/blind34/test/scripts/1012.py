#!/usr/bin/env python3
"""Sync the chemical inventory spreadsheet into eLabFTW *items*.

inventory/chemicals.csv (kept in git) is the source of truth for bottles in
the lab.  For each row we look up the eLabFTW item with the same CAS number
and bottle id (stored in the item's extra fields); missing items are
created from the "Chemical" item template and changed fields are PATCHed.
Items that are no longer in the CSV are only *reported*; this script never
deletes anything in eLabFTW.

Writes happen only with --apply.  The API key is ELABFTW_KEY from .env and
goes in the Authorization header to the lab instance configured in
config/eln.toml, which must be a *.internal host.
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import sys
import time
import tomllib
from pathlib import Path
from urllib.parse import urlsplit

import requests

REPO_DIR = Path(__file__).resolve().parents[1]
CSV_PATH = REPO_DIR / "inventory" / "chemicals.csv"
CHANGES = REPO_DIR / "build" / "eln-sync-changes.json"
SYNCED_FIELDS = ("name", "location", "quantity", "hazard")


def settings() -> tuple[str, int]:
    with (REPO_DIR / "config" / "eln.toml").open("rb") as fh:
        cfg = tomllib.load(fh)["eln"]
    base = cfg["url"].rstrip("/")
    if not (urlsplit(base).hostname or "").endswith(".internal"):
        sys.exit(f"{base} is not a lab-internal host")
    return base + "/api/v2", int(cfg["chemical_template_id"])


def api_key() -> str:
    key = os.environ.get("ELABFTW_KEY")
    if not key and (REPO_DIR / ".env").exists():
        for line in (REPO_DIR / ".env").read_text().splitlines():
            if line.startswith("ELABFTW_KEY="):
                key = line.split("=", 1)[1].strip()
    if not key:
        sys.exit("ELABFTW_KEY not set")
    return key


class Eln:
    def __init__(self, base: str, key: str):
        self.base = base
        self.s = requests.Session()
        self.s.headers.update({"Authorization": key, "Content-Type": "application/json"})

    def request(self, method: str, path: str, **kw) -> requests.Response:
        for attempt in range(4):
            resp = self.s.request(method, f"{self.base}/{path}", timeout=30, **kw)
            if resp.status_code not in (429, 502, 503):
                resp.raise_for_status()
                return resp
            time.sleep(2 ** attempt)
        resp.raise_for_status()
        return resp

    def chemical_items(self) -> dict[str, dict]:
        found, offset = {}, 0
        while True:
            batch = self.request("GET", "items", params={"cat": "Chemical", "limit": 100, "offset": offset}).json()
            for item in batch:
                extra = json.loads(item.get("metadata") or "{}").get("extra_fields", {})
                key = f"{extra.get('CAS', {}).get('value', '')}#{extra.get('Bottle', {}).get('value', '')}"
                found[key] = item
            if len(batch) < 100:
                return found
            offset += 100

    def create(self, template: int) -> int:
        resp = self.request("POST", "items", json={"template": template})
        return int(resp.headers["Location"].rstrip("/").rsplit("/", 1)[-1])

    def patch(self, item_id: int, body: dict) -> None:
        self.request("PATCH", f"items/{item_id}", json=body)


def read_rows() -> dict[str, dict]:
    with CSV_PATH.open(newline="") as fh:
        rows = {f"{r['cas']}#{r['bottle']}": r for r in csv.DictReader(fh) if r.get("cas")}
    return rows


def item_values(item: dict) -> dict:
    extra = json.loads(item.get("metadata") or "{}").get("extra_fields", {})
    return {
        "name": item.get("title", ""),
        "location": extra.get("Location", {}).get("value", ""),
        "quantity": extra.get("Quantity", {}).get("value", ""),
        "hazard": extra.get("Hazard", {}).get("value", ""),
    }


def patch_body(row: dict) -> dict:
    fields = {
        "CAS": {"value": row["cas"]},
        "Bottle": {"value": row["bottle"]},
        "Location": {"value": row["location"]},
        "Quantity": {"value": row["quantity"]},
        "Hazard": {"value": row["hazard"]},
    }
    return {"title": row["name"], "metadata": json.dumps({"extra_fields": fields})}


def plan(rows: dict[str, dict], items: dict[str, dict]) -> dict[str, list]:
    changes: dict[str, list] = {"create": [], "update": [], "orphaned": []}
    for key, row in rows.items():
        item = items.get(key)
        if item is None:
            changes["create"].append(key)
            continue
        current = item_values(item)
        diff = {f: (current[f], row[f]) for f in SYNCED_FIELDS if str(current[f]) != str(row[f])}
        if diff:
            changes["update"].append({"key": key, "id": item["id"], "diff": diff})
    changes["orphaned"] = [{"key": k, "id": v["id"], "title": v.get("title")} for k, v in items.items() if k not in rows]
    return changes


def validate_rows(rows: dict[str, dict]) -> list[str]:
    """CAS numbers carry a check digit; a typo would create a duplicate item."""
    problems = []
    for key, row in rows.items():
        cas = row["cas"].replace("-", "")
        if not cas.isdigit() or len(cas) < 5:
            problems.append(f"{key}: malformed CAS {row['cas']}")
            continue
        body, check = cas[:-1], int(cas[-1])
        total = sum(int(d) * (i + 1) for i, d in enumerate(reversed(body)))
        if total % 10 != check:
            problems.append(f"{key}: CAS check digit mismatch for {row['cas']}")
        if row.get("hazard") and row["hazard"] not in ("none", "flammable", "toxic", "corrosive", "oxidiser"):
            problems.append(f"{key}: unknown hazard class {row['hazard']!r}")
    return problems


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--apply", action="store_true")
    ns = ap.parse_args()

    base, template = settings()
    key = api_key()
    print(f"eLabFTW {base} (key {key[:4]}…)")
    eln = Eln(base, key)
    rows = read_rows()
    problems = validate_rows(rows)
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    items = eln.chemical_items()
    changes = plan(rows, items)
    CHANGES.parent.mkdir(parents=True, exist_ok=True)
    CHANGES.write_text(json.dumps(changes, indent=2))
    print(f"create {len(changes['create'])}, update {len(changes['update'])}, "
          f"orphaned (report only) {len(changes['orphaned'])}")
    for o in changes["orphaned"][:10]:
        print(f"  not in CSV any more: #{o['id']} {o['title']}")
    if not ns.apply:
        print("dry run; --apply to write to eLabFTW")
        return 0
    for key_ in changes["create"]:
        new_id = eln.create(template)
        eln.patch(new_id, patch_body(rows[key_]))
        print(f"created #{new_id} {rows[key_]['name']}")
    for upd in changes["update"]:
        eln.patch(upd["id"], patch_body(rows[upd["key"]]))
        print(f"updated #{upd['id']} ({', '.join(upd['diff'])})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
