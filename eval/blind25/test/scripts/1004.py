#!/usr/bin/env python3
"""Sync the group's Zotero collection into refs/ for the papers in this repo.

Talks to the Zotero Web API (api.zotero.org) with ZOTERO_API_KEY from the
environment or from .env. The key goes only into the Zotero-API-Key header.
Exports BibLaTeX for each collection in refs/collections.json, keeps the
library version in refs/.zotero-version to fetch only changes, and writes
a small citation-key report. Attachments are never downloaded.

    python tools/zotero_sync.py            incremental sync
    python tools/zotero_sync.py --full     re-export everything
    python tools/zotero_sync.py --check    exit 1 if any \\cite key is missing
"""
import argparse
import json
import os
import re
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
REFS = REPO / "refs"
STATE = REFS / ".zotero-version"
API = "https://api.zotero.org"
PAGE = 100
CITE_RE = re.compile(r"\\(?:auto|paren|text|foot)?cite[tp]?\*?(?:\[[^\]]*\]){0,2}\{([^}]+)\}")


def read_dotenv(path: Path) -> dict:
    values = {}
    if path.is_file():
        for raw in path.read_text().splitlines():
            raw = raw.strip()
            if raw and not raw.startswith("#") and "=" in raw:
                key, value = raw.split("=", 1)
                values[key.strip()] = value.strip().strip('"')
    return values


def api_key() -> str:
    key = os.environ.get("ZOTERO_API_KEY") or read_dotenv(REPO / ".env").get("ZOTERO_API_KEY")
    if not key:
        raise SystemExit("ZOTERO_API_KEY not set (env or .env)")
    return key


class Zotero:
    def __init__(self, key: str, group_id: str):
        self.base = f"{API}/groups/{group_id}"
        self.headers = {"Zotero-API-Key": key, "Zotero-API-Version": "3"}

    def get(self, path: str, params: dict, raw: bool = False):
        url = f"{self.base}{path}?{urllib.parse.urlencode(params)}"
        delay = 1.0
        for _ in range(6):
            req = urllib.request.Request(url, headers=self.headers)
            try:
                with urllib.request.urlopen(req, timeout=60) as resp:
                    backoff = resp.headers.get("Backoff")
                    body = resp.read()
                    version = resp.headers.get("Last-Modified-Version")
                    if backoff:
                        time.sleep(int(backoff))
                    return (body if raw else json.loads(body)), version
            except urllib.error.HTTPError as exc:
                if exc.code == 304:
                    return None, None
                if exc.code in (429, 503):
                    wait = int(exc.headers.get("Retry-After", delay))
                    time.sleep(wait)
                    delay *= 2
                    continue
                raise SystemExit(f"Zotero API {exc.code} for {path}")
        raise SystemExit(f"Zotero API kept throttling {path}")

    def export(self, collection: str, since: int | None):
        params = {"format": "biblatex", "limit": PAGE, "start": 0}
        if since is not None:
            params["since"] = since
        chunks, version = [], None
        while True:
            body, v = self.get(f"/collections/{collection}/items/top", params, raw=True)
            if body is None:
                break
            version = version or v
            text = body.decode("utf-8")
            if not text.strip():
                break
            chunks.append(text)
            if text.count("\n@") + text.startswith("@") < PAGE:
                break
            params["start"] += PAGE
        return "\n".join(chunks), version


def load_state() -> dict:
    return json.loads(STATE.read_text()) if STATE.exists() else {}


def save_state(state: dict) -> None:
    STATE.write_text(json.dumps(state, indent=2) + "\n")


def merge_bib(existing: str, incoming: str) -> str:
    def entries(text: str) -> dict:
        out = {}
        for block in re.split(r"\n(?=@)", text.strip()):
            m = re.match(r"@\w+\{([^,]+),", block)
            if m:
                out[m.group(1)] = block.strip()
        return out

    merged = entries(existing)
    merged.update(entries(incoming))
    return "\n\n".join(merged[k] for k in sorted(merged)) + "\n"


def cited_keys() -> set:
    keys = set()
    for tex in REPO.rglob("*.tex"):
        if "build" in tex.parts:
            continue
        for m in CITE_RE.finditer(tex.read_text(errors="ignore")):
            keys.update(k.strip() for k in m.group(1).split(","))
    return keys


def bib_keys() -> set:
    keys = set()
    for bib in REFS.glob("*.bib"):
        keys.update(re.findall(r"^@\w+\{([^,]+),", bib.read_text(), flags=re.M))
    return keys


def unused_keys() -> list:
    """Entries in refs/*.bib that no .tex file cites (informational)."""
    return sorted(bib_keys() - cited_keys())


def report_unused(limit: int = 20) -> None:
    unused = unused_keys()
    if unused:
        print(f"{len(unused)} bib entr{'y' if len(unused) == 1 else 'ies'} never cited, e.g.:")
        for key in unused[:limit]:
            print(f"   {key}")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--unused", action="store_true")
    parser.add_argument("--full", action="store_true")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()

    conf = json.loads((REFS / "collections.json").read_text())
    if not args.check:
        client = Zotero(api_key(), str(conf["group_id"]))
        state = {} if args.full else load_state()
        for name, collection in conf["collections"].items():
            since = state.get(name)
            text, version = client.export(collection, since)
            target = REFS / f"{name}.bib"
            if text:
                old = target.read_text() if target.exists() and not args.full else ""
                target.write_text(merge_bib(old, text))
                print(f"{name}: updated ({text.count('@')} entries fetched)")
            else:
                print(f"{name}: no changes")
            if version:
                state[name] = int(version)
        save_state(state)

    if args.unused:
        report_unused()
    missing = sorted(cited_keys() - bib_keys())
    if missing:
        print(f"{len(missing)} cited key(s) not in refs/: {', '.join(missing[:15])}")
        return 1 if args.check else 0
    print("all citation keys resolve")
    return 0


if __name__ == "__main__":
    sys.exit(main())
