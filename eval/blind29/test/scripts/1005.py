#!/usr/bin/env python3
"""Seafile library usage report for the team's file server (read-only).

Uses the Seafile Web API v2.1 of ``SEAFILE_URL`` (default
https://files.internal) with an admin API token from .env.  Only GET
endpoints are called:

  /api/v2.1/admin/libraries/           – all libraries with size and owner
  /api/v2.1/admin/users/               – users with quota and usage
  /api/v2.1/admin/libraries/<id>/history-setting/

Output: reports/seafile-usage-<date>.csv and a Markdown summary listing the
largest libraries, users above 90 % of quota and libraries without history
limits (which grow forever).
"""
import argparse
import csv
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("seafile-usage")
REPO = Path(__file__).resolve().parents[1]
REPORTS = REPO / "reports"
PER_PAGE = 100


def read_env(path):
    values = {}
    if path.exists():
        for raw in path.read_text().splitlines():
            raw = raw.strip()
            if raw and not raw.startswith("#") and "=" in raw:
                name, _, val = raw.partition("=")
                values[name.strip()] = val.strip().strip('"')
    return values


class SeafileAdmin:
    def __init__(self, base, token):
        parts = urllib.parse.urlsplit(base)
        if not (parts.hostname or "").endswith(".internal"):
            raise SystemExit(f"{parts.hostname} is not the internal Seafile server")
        self.base = f"{parts.scheme}://{parts.netloc}"
        self.auth = {"Authorization": f"Token {token}", "Accept": "application/json; indent=0"}

    def get(self, route, **params):
        url = f"{self.base}{route}"
        if params:
            url += "?" + urllib.parse.urlencode(params)
        wait = 1.0
        for attempt in range(4):
            try:
                with urllib.request.urlopen(urllib.request.Request(url, headers=self.auth), timeout=30) as resp:
                    return json.load(resp)
            except urllib.error.HTTPError as err:
                if err.code in (429, 502, 503) and attempt < 3:
                    time.sleep(wait)
                    wait *= 2
                    continue
                raise
        raise RuntimeError(url)

    def paged(self, route, key):
        page = 1
        while True:
            data = self.get(route, page=page, per_page=PER_PAGE)
            items = data.get(key, [])
            yield from items
            if not data.get("has_next_page") and len(items) < PER_PAGE:
                return
            page += 1

    def libraries(self):
        return list(self.paged("/api/v2.1/admin/libraries/", "repos"))

    def users(self):
        return list(self.paged("/api/v2.1/admin/users/", "data"))

    def history_days(self, repo_id):
        try:
            return self.get(f"/api/v2.1/admin/libraries/{repo_id}/history-setting/").get("keep_days")
        except urllib.error.HTTPError:
            return None


def human(num_bytes):
    size = float(num_bytes)
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if size < 1000:
            return f"{size:.1f} {unit}"
        size /= 1000
    return f"{size:.1f} PB"


def build_rows(libs, history):
    rows = []
    for lib in libs:
        rows.append({
            "id": lib["id"],
            "name": lib.get("name", ""),
            "owner": lib.get("owner_email") or lib.get("owner", ""),
            "size_bytes": int(lib.get("size") or 0),
            "files": lib.get("file_count", ""),
            "encrypted": bool(lib.get("encrypted")),
            "history_keep_days": history.get(lib["id"]),
        })
    rows.sort(key=lambda r: r["size_bytes"], reverse=True)
    return rows


def markdown(rows, users, top):
    per_owner = defaultdict(int)
    for r in rows:
        per_owner[r["owner"]] += r["size_bytes"]
    out = [f"# Seafile usage {time.strftime('%Y-%m-%d')}", ""]
    out.append(f"{len(rows)} libraries, {human(sum(r['size_bytes'] for r in rows))} in total.")
    out += ["", f"## Largest {top} libraries", "", "| library | owner | size | history |", "|---|---|---:|---|"]
    for r in rows[:top]:
        hist = "unlimited" if r["history_keep_days"] in (-1, None) else f"{r['history_keep_days']} d"
        out.append(f"| {r['name']} | {r['owner']} | {human(r['size_bytes'])} | {hist} |")
    near = []
    for u in users:
        quota = int(u.get("quota_total") or 0)
        used = int(u.get("quota_usage") or 0)
        if quota > 0 and used / quota >= 0.9:
            near.append((u.get("email"), used, quota))
    out += ["", "## Users at ≥ 90 % of quota", ""]
    out += [f"- {email}: {human(used)} of {human(quota)}" for email, used, quota in near] or ["- none"]
    unlimited = [r for r in rows if r["history_keep_days"] in (-1, None)]
    out += ["", f"## Libraries without history limit: {len(unlimited)}", ""]
    out += [f"- {r['name']} ({r['owner']}, {human(r['size_bytes'])})" for r in unlimited[:30]]
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description="read-only Seafile usage report")
    ap.add_argument("--top", type=int, default=20)
    ap.add_argument("--skip-history", action="store_true", help="faster: do not query per-library history settings")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO, format="%(message)s")

    env = {**read_env(REPO / ".env"), **os.environ}
    token = env.get("SEAFILE_ADMIN_TOKEN")
    if not token:
        LOG.error("SEAFILE_ADMIN_TOKEN missing")
        return 2
    api = SeafileAdmin(env.get("SEAFILE_URL", "https://files.internal"), token)

    libs = api.libraries()
    LOG.info("%d libraries", len(libs))
    history = {}
    if not args.skip_history:
        for n, lib in enumerate(libs, 1):
            history[lib["id"]] = api.history_days(lib["id"])
            if n % 50 == 0:
                LOG.info("history settings: %d/%d", n, len(libs))
    users = api.users()
    rows = build_rows(libs, history)

    REPORTS.mkdir(exist_ok=True)
    stamp = time.strftime("%Y%m%d")
    csv_path = REPORTS / f"seafile-usage-{stamp}.csv"
    with csv_path.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]) if rows else ["id"])
        writer.writeheader()
        writer.writerows(rows)
    md_path = REPORTS / f"seafile-usage-{stamp}.md"
    md_path.write_text(markdown(rows, users, args.top))
    LOG.info("wrote %s and %s", csv_path.relative_to(REPO), md_path.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
