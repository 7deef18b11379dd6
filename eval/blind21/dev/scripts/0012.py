#!/usr/bin/env python3
"""Provision Grafana dashboards and alert contact points from monitoring/grafana.

Targets the Grafana named in monitoring/grafana.toml (default: the local one
from docker-compose at http://localhost:3000). The service-account token is
read from GRAFANA_TOKEN or from .env and sent in the Authorization header to
that Grafana only.

  python3 scripts/grafana_sync.py export       # pull dashboards into the repo
  python3 scripts/grafana_sync.py push         # diff only
  python3 scripts/grafana_sync.py push --apply
  python3 scripts/grafana_sync.py prune --apply  # delete dashboards tagged
                                                 # "managed-by-repo" that no
                                                 # longer exist in the repo
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
import tempfile
import time
import tomllib
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DASH_DIR = ROOT / "monitoring" / "grafana" / "dashboards"
CONF = ROOT / "monitoring" / "grafana.toml"
MANAGED_TAG = "managed-by-repo"


def settings() -> dict:
    cfg = {"url": "http://localhost:3000", "folder": "Service"}
    if CONF.exists():
        cfg.update(tomllib.loads(CONF.read_text()).get("grafana", {}))
    host = cfg["url"].split("//", 1)[-1].split("/", 1)[0].split(":", 1)[0]
    if host not in ("localhost", "127.0.0.1") and not host.endswith(".internal"):
        sys.exit(f"grafana url {cfg['url']} is not local or internal; refusing")
    return cfg


def token() -> str:
    tok = os.environ.get("GRAFANA_TOKEN")
    if not tok and (ROOT / ".env").exists():
        for line in (ROOT / ".env").read_text().splitlines():
            if line.startswith("GRAFANA_TOKEN="):
                tok = line.partition("=")[2].strip()
    if not tok:
        sys.exit("GRAFANA_TOKEN not set")
    return tok


class Grafana:
    def __init__(self, url: str, tok: str):
        self.url = url.rstrip("/")
        self.headers = {"Authorization": f"Bearer {tok}", "Content-Type": "application/json",
                        "Accept": "application/json"}

    def call(self, method: str, path: str, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.url + path, data=data, method=method, headers=self.headers)
        wait = 1.0
        for attempt in range(5):
            try:
                with urllib.request.urlopen(req, timeout=10) as r:
                    raw = r.read()
                    return json.loads(raw) if raw else None
            except urllib.error.HTTPError as e:
                if e.code in (429, 502, 503) and attempt < 4:
                    time.sleep(wait)
                    wait *= 2
                    continue
                raise SystemExit(f"{method} {path}: {e.code} {e.read()[:300]!r}")
            except urllib.error.URLError:
                if attempt == 4:
                    raise
                time.sleep(wait)
                wait *= 2

    def folder_uid(self, title: str) -> str:
        for f in self.call("GET", "/api/folders") or []:
            if f["title"] == title:
                return f["uid"]
        return self.call("POST", "/api/folders", {"title": title})["uid"]

    def search_managed(self) -> list:
        return self.call("GET", f"/api/search?type=dash-db&tag={MANAGED_TAG}") or []

    def get(self, uid: str) -> dict:
        return self.call("GET", f"/api/dashboards/uid/{uid}")["dashboard"]

    def put(self, dash: dict, folder_uid: str) -> dict:
        return self.call("POST", "/api/dashboards/db",
                         {"dashboard": dash, "folderUid": folder_uid, "overwrite": True,
                          "message": "sync from repository"})

    def delete(self, uid: str) -> None:
        self.call("DELETE", f"/api/dashboards/uid/{uid}")


def normalise(d: dict) -> dict:
    d = {k: v for k, v in d.items() if k not in ("id", "version", "iteration")}
    tags = set(d.get("tags", []))
    tags.add(MANAGED_TAG)
    d["tags"] = sorted(tags)
    return d


def digest(d: dict) -> str:
    return hashlib.sha1(json.dumps(normalise(d), sort_keys=True).encode()).hexdigest()[:12]


def local_dashboards() -> dict:
    out = {}
    for f in sorted(DASH_DIR.glob("*.json")):
        d = json.loads(f.read_text())
        if "uid" not in d:
            sys.exit(f"{f.name} has no uid")
        out[d["uid"]] = d
    return out


def cmd_export(g: Grafana, _cfg, _args) -> int:
    tmp = Path(tempfile.mkdtemp(prefix="grafana-export-"))
    try:
        for hit in g.search_managed():
            d = normalise(g.get(hit["uid"]))
            (tmp / f"{d['uid']}.json").write_text(json.dumps(d, indent=2, sort_keys=True) + "\n")
        DASH_DIR.mkdir(parents=True, exist_ok=True)
        for f in tmp.iterdir():
            shutil.move(str(f), DASH_DIR / f.name)
            print(f"exported {f.name}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


def cmd_push(g: Grafana, cfg, args) -> int:
    folder = g.folder_uid(cfg["folder"]) if args.apply else None
    remote = {h["uid"] for h in g.search_managed()}
    for uid, d in local_dashboards().items():
        state = "new"
        if uid in remote:
            state = "same" if digest(g.get(uid)) == digest(d) else "changed"
        print(f"  {state:8} {uid}  {d.get('title')}")
        if args.apply and state != "same":
            res = g.put(normalise(d), folder)
            print(f"           -> version {res.get('version')}")
    if not args.apply:
        print("diff only; pass --apply to upload")
    return 0


def cmd_prune(g: Grafana, _cfg, args) -> int:
    local = set(local_dashboards())
    stale = [h for h in g.search_managed() if h["uid"] not in local]
    for h in stale:
        print(f"  stale {h['uid']} {h['title']}")
        if args.apply:
            g.delete(h["uid"])
            print("        deleted")
    if stale and not args.apply:
        print("pass --apply to delete these (only dashboards tagged managed-by-repo)")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("command", choices=("export", "push", "prune"))
    ap.add_argument("--apply", action="store_true")
    args = ap.parse_args()
    cfg = settings()
    tok = token()
    print(f"grafana {cfg['url']} (token ...{tok[-4:]})")
    g = Grafana(cfg["url"], tok)
    return {"export": cmd_export, "push": cmd_push, "prune": cmd_prune}[args.command](g, cfg, args)


if __name__ == "__main__":
    sys.exit(main())
