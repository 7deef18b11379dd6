#!/usr/bin/env python3
"""Sync consenting workshop participants into a listmonk list.

Input: data/consent/participants.csv exported from the registration system with the
columns email, name, language, consent_newsletter (yes/no), consent_date.

Only rows with consent_newsletter == "yes" are considered. By default the target is
the *staging* list from config/listmonk.ini ([lists] staging_id), and the script runs
as a dry run that prints what it would do. With --apply it creates/updates subscribers
through the listmonk API (LISTMONK_URL, LISTMONK_USER, LISTMONK_TOKEN in .env); with
--list production (plus --apply) it targets the production list, after showing the
counts and asking for confirmation unless --yes is given.

Subscribers are never deleted; people who withdrew consent are unsubscribed from the
target list only (listmonk "unsubscribe" action), so their history stays intact.
"""
import argparse
import base64
import configparser
import csv
import json
import os
import re
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

PROJECT = Path(os.path.dirname(os.path.abspath(__file__))).parent
INPUT = PROJECT / "data" / "consent" / "participants.csv"
EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$")


def from_env(key, default=None):
    if os.environ.get(key):
        return os.environ[key]
    p = PROJECT / ".env"
    if p.exists():
        for line in p.read_text().splitlines():
            k, _, v = line.partition("=")
            if k.strip() == key:
                return v.strip().strip('"')
    if default is None:
        sys.exit(f"{key} missing")
    return default


class Listmonk:
    def __init__(self):
        self.base = from_env("LISTMONK_URL", "http://localhost:9000").rstrip("/")
        creds = f"{from_env('LISTMONK_USER')}:{from_env('LISTMONK_TOKEN')}".encode()
        self.auth = "Basic " + base64.b64encode(creds).decode()

    def call(self, method, path, payload=None):
        data = json.dumps(payload).encode() if payload is not None else None
        req = urllib.request.Request(self.base + "/api" + path, data=data, method=method,
                                     headers={"Authorization": self.auth, "Content-Type": "application/json"})
        for attempt in range(4):
            try:
                with urllib.request.urlopen(req, timeout=25) as resp:
                    body = resp.read()
                    return json.loads(body)["data"] if body else None
            except urllib.error.HTTPError as err:
                if err.code == 404:
                    return None
                if err.code >= 500 and attempt < 3:
                    time.sleep(2 ** attempt)
                    continue
                raise RuntimeError(f"{method} {path}: {err.code} {err.read()[:200]!r}") from err
        return None

    def list_info(self, list_id):
        return self.call("GET", f"/lists/{list_id}")

    def find(self, email):
        q = urllib.request.quote(f"subscribers.email = '{email}'")
        res = self.call("GET", f"/subscribers?query={q}&per_page=1")
        results = (res or {}).get("results", [])
        return results[0] if results else None


def read_participants():
    consenting, withdrawn, invalid = [], [], []
    with INPUT.open(newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            email = (row.get("email") or "").strip().lower()
            if not EMAIL_RE.match(email):
                invalid.append(email or "(empty)")
                continue
            entry = {"email": email, "name": (row.get("name") or email.split("@")[0]).strip(),
                     "attribs": {"language": row.get("language", "en"), "consent_date": row.get("consent_date")}}
            (consenting if row.get("consent_newsletter", "").lower() == "yes" else withdrawn).append(entry)
    return consenting, withdrawn, invalid


def plan(api, list_id, consenting, withdrawn):
    actions = []
    for p in consenting:
        existing = api.find(p["email"])
        if existing is None:
            actions.append(("create", p, None))
        elif list_id not in [l["id"] for l in existing.get("lists", [])]:
            actions.append(("add", p, existing["id"]))
    for p in withdrawn:
        existing = api.find(p["email"])
        if existing and list_id in [l["id"] for l in existing.get("lists", [])]:
            actions.append(("unsubscribe", p, existing["id"]))
    return actions


def apply(api, list_id, actions):
    done = 0
    for kind, person, sub_id in actions:
        if kind == "create":
            api.call("POST", "/subscribers", {"email": person["email"], "name": person["name"], "status": "enabled",
                                              "lists": [list_id], "attribs": person["attribs"], "preconfirm_subscriptions": True})
        elif kind == "add":
            api.call("PUT", "/subscribers/lists", {"ids": [sub_id], "action": "add", "target_list_ids": [list_id], "status": "confirmed"})
        elif kind == "unsubscribe":
            api.call("PUT", "/subscribers/lists", {"ids": [sub_id], "action": "unsubscribe", "target_list_ids": [list_id]})
        done += 1
    return done


def write_audit(list_name, actions, applied):
    """Append what happened to logs/listmonk-sync.jsonl (emails hashed, not stored)."""
    import hashlib

    log = PROJECT / "logs" / "listmonk-sync.jsonl"
    log.parent.mkdir(parents=True, exist_ok=True)
    entry = {
        "at": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "list": list_name,
        "applied": applied,
        "actions": [
            {"kind": kind, "email_sha256": hashlib.sha256(p["email"].encode()).hexdigest()[:16]}
            for kind, p, _ in actions
        ],
    }
    with log.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(entry) + "\n")


def duplicates(people):
    seen, dups = set(), set()
    for p in people:
        if p["email"] in seen:
            dups.add(p["email"])
        seen.add(p["email"])
    return sorted(dups)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--list", choices=["staging", "production"], default="staging")
    ap.add_argument("--apply", action="store_true")
    ap.add_argument("--yes", action="store_true")
    args = ap.parse_args()

    cfg = configparser.ConfigParser()
    cfg.read(PROJECT / "config" / "listmonk.ini")
    list_id = cfg.getint("lists", f"{args.list}_id")
    api = Listmonk()
    info = api.list_info(list_id)
    if info is None:
        sys.exit(f"list {list_id} not found")
    consenting, withdrawn, invalid = read_participants()
    dups = duplicates(consenting + withdrawn)
    if dups:
        print(f"warning: {len(dups)} address(es) appear more than once; the last row wins")
    actions = plan(api, list_id, consenting, withdrawn)
    counts = {k: sum(1 for a in actions if a[0] == k) for k in ("create", "add", "unsubscribe")}
    print(f"target list #{list_id} '{info['name']}' ({info['subscriber_count']} subscribers)")
    print(f"consenting {len(consenting)}, withdrawn {len(withdrawn)}, invalid {len(invalid)}; planned {counts}")
    if not args.apply:
        for kind, person, _ in actions[:20]:
            print(f"  would {kind}: {person['email']}")
        print("dry run; pass --apply to make the changes")
        return 0
    if args.list == "production" and not args.yes:
        if input(f"Apply {sum(counts.values())} change(s) to the production list? [y/N] ").strip().lower() != "y":
            print("aborted")
            return 1
    done = apply(api, list_id, actions)
    write_audit(args.list, actions, done)
    print(f"applied {done} change(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
