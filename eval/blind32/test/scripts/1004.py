#!/usr/bin/env python3
"""Audit pull mirrors and webhooks on the team Forgejo (forge.internal).

For every repository the token can see:
  * mirrors: last successful sync time, interval, and whether the upstream is
    still reachable according to Forgejo (mirror_updated vs now)
  * webhooks: target host, active flag, last delivery status
  * deploy keys: read-only vs read-write

Findings are printed and written to reports/forgejo-mirrors.json.  The script
only performs GET requests with FORGEJO_TOKEN in the Authorization header.
"""
import argparse
import datetime as dt
import json
import os
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import requests

DEFAULT_BASE = "https://forge.internal"
OUTPUT = Path("reports/forgejo-mirrors.json")
STALE_HOURS = 24


def parse_time(value):
    if not value:
        return None
    return dt.datetime.fromisoformat(value.replace("Z", "+00:00"))


class Forge:
    def __init__(self, base, token, timeout=20):
        host = urlsplit(base).hostname or ""
        if not host.endswith(".internal"):
            raise SystemExit(f"{host} is not an internal forge")
        self.base = base.rstrip("/") + "/api/v1"
        self.http = requests.Session()
        self.http.headers.update({"Authorization": f"token {token}", "Accept": "application/json"})
        self.timeout = timeout
        self.requests = 0

    def get(self, path, **params):
        backoff = 1.0
        for _ in range(5):
            self.requests += 1
            resp = self.http.get(self.base + path, params=params, timeout=self.timeout)
            if resp.status_code in (429, 502, 503, 504):
                time.sleep(backoff)
                backoff *= 2
                continue
            if resp.status_code in (403, 404):
                return None
            resp.raise_for_status()
            return resp.json()
        raise RuntimeError(f"giving up on {path}")

    def pages(self, path, **params):
        page = 1
        while True:
            batch = self.get(path, page=page, limit=50, **params) or []
            if isinstance(batch, dict):
                batch = batch.get("data", [])
            yield from batch
            if len(batch) < 50:
                break
            page += 1


def check_mirror(repo, now):
    problems = []
    updated = parse_time(repo.get("mirror_updated"))
    interval = repo.get("mirror_interval") or "8h0m0s"
    if updated is None:
        problems.append("mirror never synced")
    else:
        age = (now - updated).total_seconds() / 3600
        if age > STALE_HOURS:
            problems.append(f"last sync {age:.0f}h ago (interval {interval})")
    if repo.get("archived"):
        problems.append("archived repository is still a mirror")
    return problems


def check_hooks(api, full_name):
    problems = []
    hooks = api.get(f"/repos/{full_name}/hooks") or []
    summary = []
    for hook in hooks:
        url = hook.get("config", {}).get("url", "")
        host = urlsplit(url).hostname or "?"
        summary.append({"id": hook["id"], "host": host, "active": hook.get("active"), "type": hook.get("type")})
        if not hook.get("active"):
            problems.append(f"webhook {hook['id']} to {host} is inactive")
        if url.startswith("http://") and not host.endswith(".internal"):
            problems.append(f"webhook {hook['id']} sends to {host} without TLS")
    return summary, problems


def check_keys(api, full_name):
    problems = []
    keys = api.get(f"/repos/{full_name}/keys") or []
    for key in keys:
        if not key.get("read_only", True):
            problems.append(f"deploy key '{key.get('title')}' has write access")
    return [{"title": k.get("title"), "read_only": k.get("read_only")} for k in keys], problems


def audit(api, only_org=None):
    now = dt.datetime.now(dt.timezone.utc)
    results = []
    for repo in api.pages("/repos/search", sort="updated", order="desc"):
        owner = repo["owner"]["login"]
        if only_org and owner != only_org:
            continue
        full_name = repo["full_name"]
        entry = {"repo": full_name, "mirror": repo.get("mirror", False), "problems": []}
        if repo.get("mirror"):
            entry["problems"] += check_mirror(repo, now)
        entry["hooks"], hook_problems = check_hooks(api, full_name)
        entry["keys"], key_problems = check_keys(api, full_name)
        entry["problems"] += hook_problems + key_problems
        results.append(entry)
    return results


def hook_hosts(results):
    """Distinct webhook targets across all repositories, most used first."""
    counts = {}
    for r in results:
        for h in r["hooks"]:
            counts[h["host"]] = counts.get(h["host"], 0) + 1
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))


def print_report(results):
    mirrors = [r for r in results if r["mirror"]]
    flagged = [r for r in results if r["problems"]]
    print(f"{len(results)} repositories, {len(mirrors)} mirrors, {len(flagged)} with findings")
    for r in flagged:
        print(f"\n{r['repo']}")
        for p in r["problems"]:
            print(f"  - {p}")


def write_json(results, api_requests):
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    payload = {
        "generated": dt.datetime.now(tz=dt.timezone.utc).isoformat(timespec="seconds"),
        "requests": api_requests,
        "repositories": results,
    }
    tmp = OUTPUT.with_suffix(".tmp")
    tmp.write_text(json.dumps(payload, indent=2))
    tmp.replace(OUTPUT)


def main():
    ap = argparse.ArgumentParser(description=__doc__.strip().split("\n")[0])
    ap.add_argument("--base", default=os.environ.get("FORGEJO_URL", DEFAULT_BASE))
    ap.add_argument("--org", help="only this organisation")
    ap.add_argument("--ca", default=os.environ.get("LAB_CA_BUNDLE"), help="CA bundle for the lab PKI")
    args = ap.parse_args()

    token = os.environ.get("FORGEJO_TOKEN")
    if not token:
        print("FORGEJO_TOKEN is required (read-only scopes are enough)", file=sys.stderr)
        return 2
    api = Forge(args.base, token)
    if args.ca:
        api.http.verify = args.ca
    results = audit(api, args.org)
    print_report(results)
    for host, n in hook_hosts(results):
        print(f"webhook target {host}: {n} hook(s)")
    write_json(results, api.requests)
    print(f"\nwrote {OUTPUT} ({api.requests} API requests)")
    return 1 if any(r["problems"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
