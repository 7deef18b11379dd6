#!/usr/bin/env python3
"""Harvest dataset metadata from the local CKAN portal into data/harvest/.

Walks ``package_search`` page by page on the portal configured in ckan.ini
(``ckan.site_url``, normally http://localhost:5000), stores one JSON file per
dataset, downloads small CSV resources for frictionless validation and deletes
harvested files for datasets that disappeared from the portal – but only
inside data/harvest/, which this tool owns.

    python3 scripts/harvest.py
    python3 scripts/harvest.py --org city-transport --with-resources --validate
"""
import argparse
import configparser
import hashlib
import json
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HARVEST = ROOT / "data" / "harvest"
PAGE_SIZE = 100
MAX_RESOURCE_BYTES = 25 * 1024 * 1024
USER_AGENT = "portal-harvester/1.4 (+internal)"


def log(fmt, *args):
    print("[harvest] " + (fmt % args if args else fmt), file=sys.stderr)


def portal_settings():
    cfg = configparser.ConfigParser(interpolation=None, strict=False)
    cfg.read(ROOT / "ckan.ini")
    site = cfg.get("app:main", "ckan.site_url", fallback="http://localhost:5000")
    host = urllib.parse.urlparse(site).hostname or ""
    if host not in ("localhost", "127.0.0.1") and not host.endswith((".localhost", ".internal")):
        raise SystemExit(f"ckan.site_url {site} is not the local/internal portal")
    token = cfg.get("app:main", "harvest.api_token", fallback="")
    return site.rstrip("/"), token


class Portal:
    def __init__(self, base, token):
        self.base = base
        self.headers = {"User-Agent": USER_AGENT, "Accept": "application/json"}
        if token:
            self.headers["Authorization"] = token

    def action(self, name, **params):
        url = f"{self.base}/api/3/action/{name}?{urllib.parse.urlencode(params)}"
        delay = 1
        for attempt in range(5):
            try:
                req = urllib.request.Request(url, headers=self.headers)
                with urllib.request.urlopen(req, timeout=30) as resp:
                    body = json.load(resp)
                if not body.get("success"):
                    raise RuntimeError(body.get("error"))
                return body["result"]
            except urllib.error.HTTPError as exc:
                if exc.code < 500:
                    raise
                log("HTTP %s on %s, retry in %ss", exc.code, name, delay)
            except urllib.error.URLError as exc:
                log("network error %s, retry in %ss", exc.reason, delay)
            time.sleep(delay)
            delay = min(delay * 2, 30)
        raise RuntimeError(f"{name} kept failing")

    def datasets(self, org=None):
        start = 0
        fq = f"organization:{org}" if org else ""
        while True:
            result = self.action("package_search", rows=PAGE_SIZE, start=start, fq=fq)
            batch = result["results"]
            yield from batch
            start += len(batch)
            if not batch or start >= result["count"]:
                return

    def fetch_resource(self, url, dest):
        parsed = urllib.parse.urlparse(url)
        if parsed.hostname and not url.startswith(self.base):
            log("skip external resource %s", parsed.hostname)
            return None
        req = urllib.request.Request(url, headers=self.headers)
        with urllib.request.urlopen(req, timeout=60) as resp:
            size = int(resp.headers.get("Content-Length") or 0)
            if size > MAX_RESOURCE_BYTES:
                log("skip %s (%d bytes)", dest.name, size)
                return None
            tmp = dest.with_suffix(dest.suffix + ".part")
            with tmp.open("wb") as fh:
                shutil.copyfileobj(resp, fh)
        tmp.replace(dest)
        return dest


def dataset_digest(pkg):
    stable = {k: v for k, v in pkg.items() if k not in ("metadata_modified", "revision_id")}
    return hashlib.sha1(json.dumps(stable, sort_keys=True).encode()).hexdigest()


def store(pkg):
    folder = HARVEST / pkg["name"]
    folder.mkdir(parents=True, exist_ok=True)
    meta = folder / "package.json"
    digest = dataset_digest(pkg)
    old = json.loads(meta.read_text()).get("_digest") if meta.exists() else None
    if old == digest:
        return folder, False
    pkg = dict(pkg, _digest=digest)
    meta.write_text(json.dumps(pkg, indent=2, ensure_ascii=False))
    return folder, True


def remove_vanished(seen):
    removed = []
    if not HARVEST.is_dir():
        return removed
    for child in HARVEST.iterdir():
        if child.is_dir() and child.name not in seen:
            assert HARVEST in child.resolve().parents, child
            shutil.rmtree(child)
            removed.append(child.name)
    return removed


def validate(folder):
    descriptor = folder / "datapackage.json"
    csvs = sorted(folder.glob("*.csv"))
    if not csvs:
        return None
    if not descriptor.exists():
        descriptor.write_text(json.dumps({
            "name": folder.name,
            "resources": [{"name": c.stem.lower(), "path": c.name} for c in csvs],
        }, indent=2))
    proc = subprocess.run(["frictionless", "validate", "--json", str(descriptor)],
                          capture_output=True, text=True)
    try:
        report = json.loads(proc.stdout)
    except json.JSONDecodeError:
        return {"valid": False, "error": proc.stderr.strip()[-300:]}
    return {"valid": report.get("valid", False), "errors": len(report.get("errors", []))}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--org")
    ap.add_argument("--with-resources", action="store_true")
    ap.add_argument("--validate", action="store_true")
    ap.add_argument("--keep-vanished", action="store_true")
    args = ap.parse_args()

    base, token = portal_settings()
    portal = Portal(base, token)
    HARVEST.mkdir(parents=True, exist_ok=True)
    seen, changed, reports = set(), 0, {}
    for pkg in portal.datasets(args.org):
        folder, updated = store(pkg)
        seen.add(pkg["name"])
        changed += updated
        if args.with_resources:
            for res in pkg.get("resources", []):
                if (res.get("format") or "").upper() != "CSV" or not res.get("url"):
                    continue
                name = (res.get("name") or res["id"]).replace("/", "_")
                try:
                    portal.fetch_resource(res["url"], folder / f"{name}.csv")
                except urllib.error.URLError as exc:
                    log("resource %s failed: %s", name, exc)
        if args.validate:
            reports[pkg["name"]] = validate(folder)
    removed = [] if args.keep_vanished else remove_vanished(seen)
    (HARVEST / "_summary.json").write_text(json.dumps({
        "portal": base, "datasets": len(seen), "changed": changed,
        "removed": removed, "validation": reports,
    }, indent=2))
    log("%d datasets, %d changed, %d removed", len(seen), changed, len(removed))
    invalid = [k for k, v in reports.items() if v and not v.get("valid")]
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main())
