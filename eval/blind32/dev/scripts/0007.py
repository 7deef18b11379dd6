#!/usr/bin/env python3
"""Export Superset dashboards from the local dev instance into reports/superset/.

We keep dashboard definitions under version control: this script logs in to the
Superset REST API on localhost (credentials from .env: SUPERSET_USER /
SUPERSET_PASSWORD), exports the selected dashboards as a ZIP bundle, unpacks
the YAML files into reports/superset/<slug>/ and strips volatile keys (uuids of
the export itself, timestamps) so diffs stay readable.

The old export directory for a slug is replaced atomically: we unpack into a
temporary sibling directory and swap it in with os.replace.
"""
import argparse
import io
import json
import os
import shutil
import sys
import tempfile
import time
import zipfile
from pathlib import Path

import requests
import yaml

PROJECT = Path(__file__).resolve().parents[1]
OUT_ROOT = PROJECT / "reports" / "superset"
DEFAULT_URL = "http://localhost:8088"
VOLATILE_KEYS = {"changed_on", "created_on", "changed_on_delta_humanized", "export_time"}


def env_value(name, default=None):
    if name in os.environ:
        return os.environ[name]
    env_file = PROJECT / ".env"
    if env_file.exists():
        for raw in env_file.read_text().splitlines():
            key, sep, value = raw.partition("=")
            if sep and key.strip() == name:
                return value.strip().strip("'\"")
    return default


class Superset:
    def __init__(self, base_url):
        self.base = base_url.rstrip("/")
        self.http = requests.Session()
        self.http.headers["Accept"] = "application/json"

    def login(self, user, password):
        resp = self.http.post(f"{self.base}/api/v1/security/login", json={
            "username": user, "password": password, "provider": "db", "refresh": False,
        }, timeout=15)
        resp.raise_for_status()
        self.http.headers["Authorization"] = f"Bearer {resp.json()['access_token']}"
        csrf = self.http.get(f"{self.base}/api/v1/security/csrf_token/", timeout=15)
        csrf.raise_for_status()
        self.http.headers["X-CSRFToken"] = csrf.json()["result"]
        self.http.headers["Referer"] = self.base

    def dashboards(self):
        page = 0
        while True:
            q = json.dumps({"page": page, "page_size": 100, "columns": ["id", "slug", "dashboard_title"]})
            resp = self.http.get(f"{self.base}/api/v1/dashboard/", params={"q": q}, timeout=30)
            resp.raise_for_status()
            result = resp.json()["result"]
            yield from result
            if len(result) < 100:
                return
            page += 1

    def export(self, ids):
        # Superset expects rison in q; a list of ints renders identically.
        q = "!(" + ",".join(str(i) for i in ids) + ")"
        for attempt in range(3):
            resp = self.http.get(f"{self.base}/api/v1/dashboard/export/", params={"q": q}, timeout=120)
            if resp.status_code == 200:
                return resp.content
            time.sleep(2 * (attempt + 1))
        resp.raise_for_status()
        return b""


def scrub(node):
    if isinstance(node, dict):
        return {k: scrub(v) for k, v in sorted(node.items()) if k not in VOLATILE_KEYS}
    if isinstance(node, list):
        return [scrub(v) for v in node]
    return node


def slugify(title):
    keep = [c.lower() if c.isalnum() else "-" for c in title]
    slug = "".join(keep).strip("-")
    while "--" in slug:
        slug = slug.replace("--", "-")
    return slug or "dashboard"


def unpack(bundle, target):
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))
    try:
        with zipfile.ZipFile(io.BytesIO(bundle)) as zf:
            for info in zf.infolist():
                if info.is_dir():
                    continue
                parts = Path(info.filename).parts[1:]  # drop the export_<timestamp>/ prefix
                if not parts or ".." in parts:
                    continue
                dest = staging.joinpath(*parts)
                dest.parent.mkdir(parents=True, exist_ok=True)
                data = zf.read(info)
                if dest.suffix in (".yaml", ".yml"):
                    doc = scrub(yaml.safe_load(data) or {})
                    dest.write_text(yaml.safe_dump(doc, sort_keys=True, allow_unicode=True))
                else:
                    dest.write_bytes(data)
        if target.exists():
            old = target.with_name(target.name + ".old")
            shutil.rmtree(old, ignore_errors=True)
            os.replace(target, old)
            os.replace(staging, target)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(staging, target)
    except Exception:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def count_files(path):
    return sum(1 for p in path.rglob("*") if p.is_file())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("slugs", nargs="*", help="dashboard slugs or titles; default: all")
    ap.add_argument("--url", default=env_value("SUPERSET_URL", DEFAULT_URL))
    ap.add_argument("--list", action="store_true", help="only list dashboards")
    args = ap.parse_args()

    host = args.url.split("//", 1)[-1].split("/", 1)[0].split(":")[0]
    if host not in ("localhost", "127.0.0.1") and not host.endswith(".internal"):
        sys.exit(f"refusing to export from {host}: only the local or internal Superset")

    user = env_value("SUPERSET_USER", "admin")
    password = env_value("SUPERSET_PASSWORD")
    if not password:
        sys.exit("SUPERSET_PASSWORD missing (.env)")

    api = Superset(args.url)
    api.login(user, password)
    boards = list(api.dashboards())
    if args.list:
        for b in boards:
            print(f"{b['id']:>4}  {b.get('slug') or '-':<30} {b['dashboard_title']}")
        return 0

    wanted = set(args.slugs)
    selected = [b for b in boards
                if not wanted or b.get("slug") in wanted or b["dashboard_title"] in wanted]
    missing = wanted - {b.get("slug") for b in selected} - {b["dashboard_title"] for b in selected}
    if missing:
        print(f"not found: {', '.join(sorted(missing))}", file=sys.stderr)

    manifest = []
    for board in selected:
        slug = board.get("slug") or slugify(board["dashboard_title"])
        bundle = api.export([board["id"]])
        target = OUT_ROOT / slug
        unpack(bundle, target)
        manifest.append({"id": board["id"], "slug": slug, "title": board["dashboard_title"],
                         "files": count_files(target)})
        print(f"exported {slug} ({manifest[-1]['files']} files)")

    OUT_ROOT.mkdir(parents=True, exist_ok=True)
    (OUT_ROOT / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    return 0 if not missing else 1


if __name__ == "__main__":
    sys.exit(main())
