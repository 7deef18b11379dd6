#!/usr/bin/env python3
# Owner: trust & safety tooling (see docs/moderation/README.md)
# Runs weekly from the moderators' laptop, never from CI.
# Exit codes: 0 ok, 2 missing token, anything else = API error.
"""Weekly moderation digest for social.internal (our Mastodon instance).

Pulls open reports through the Mastodon admin API, groups them by target
account and domain, and prints a digest for the moderators' meeting.
Optionally writes the same data to build/moderation/<date>.csv.

Token: MASTODON_ADMIN_TOKEN from .env (scope admin:read).  It is sent
only to the instance configured in MASTODON_BASE.

It also prints `tootctl media usage` when run on the instance host, since
storage growth is a standing agenda item.
"""
from __future__ import annotations

import argparse
import csv
import datetime as dt
import os
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path
from urllib.parse import urlparse

import requests

ROOT = Path(__file__).resolve().parents[1]
OUT_DIR = ROOT / "build" / "moderation"
MASTODON_DIR = Path(os.environ.get("MASTODON_DIR", "/home/mastodon/live"))


def dotenv(path: Path) -> dict[str, str]:
    data: dict[str, str] = {}
    if not path.exists():
        return data
    for line in path.read_text().splitlines():
        if "=" in line and not line.lstrip().startswith("#"):
            key, value = line.split("=", 1)
            data[key.strip()] = value.strip()
    return data


def masked(token: str) -> str:
    return f"{token[:4]}…({len(token)} chars)" if token else "(none)"


class Mastodon:
    def __init__(self, base: str, token: str):
        host = urlparse(base).hostname or ""
        if not (host == "localhost" or host.endswith(".internal")):
            raise SystemExit(f"refusing to send the admin token to {host}")
        self.base = base.rstrip("/")
        self.http = requests.Session()
        self.http.headers["Authorization"] = f"Bearer {token}"

    def paged(self, path: str, params: dict | None = None):
        url = f"{self.base}{path}"
        while url:
            resp = self.http.get(url, params=params, timeout=30)
            resp.raise_for_status()
            yield from resp.json()
            url = resp.links.get("next", {}).get("url")
            params = None

    def open_reports(self):
        return self.paged("/api/v1/admin/reports", {"resolved": "false", "limit": 40})

    def account(self, account_id: str) -> dict:
        resp = self.http.get(f"{self.base}/api/v1/admin/accounts/{account_id}", timeout=30)
        resp.raise_for_status()
        return resp.json()


def media_usage() -> str | None:
    tootctl = MASTODON_DIR / "bin" / "tootctl"
    if not tootctl.exists():
        return None
    env = dict(os.environ, RAILS_ENV="production")
    proc = subprocess.run(
        [str(tootctl), "media", "usage"],
        cwd=MASTODON_DIR, env=env, capture_output=True, text=True, timeout=600,
    )
    return proc.stdout if proc.returncode == 0 else proc.stderr


def age_days(created_at: str) -> float:
    created = dt.datetime.fromisoformat(created_at.replace("Z", "+00:00"))
    return (dt.datetime.now(dt.timezone.utc) - created).total_seconds() / 86400


def build_digest(api: Mastodon, max_reports: int):
    rows = []
    by_target: dict[str, list] = defaultdict(list)
    domains = Counter()
    categories = Counter()
    for i, report in enumerate(api.open_reports()):
        if i >= max_reports:
            break
        target = report["target_account"]
        acct = target["account"]["acct"] if "account" in target else target.get("username", "?")
        domain = target.get("domain") or "local"
        domains[domain] += 1
        categories[report.get("category", "other")] += 1
        by_target[acct].append(report)
        rows.append({
            "report_id": report["id"],
            "target": acct,
            "domain": domain,
            "category": report.get("category", "other"),
            "statuses": len(report.get("statuses", [])),
            "age_days": round(age_days(report["created_at"]), 1),
            "comment": (report.get("comment") or "").replace("\n", " ")[:120],
        })
    return rows, by_target, domains, categories


def print_digest(rows, by_target, domains, categories, top: int) -> None:
    print(f"open reports: {len(rows)}")
    if not rows:
        return
    print("\nby category:")
    for cat, n in categories.most_common():
        print(f"  {cat:12s} {n}")
    print(f"\ntop {top} reported accounts:")
    for acct, reports in sorted(by_target.items(), key=lambda kv: -len(kv[1]))[:top]:
        oldest = max(age_days(r["created_at"]) for r in reports)
        print(f"  {acct:40s} {len(reports):3d} reports, oldest {oldest:.0f} d")
    print(f"\ntop {top} domains:")
    for dom, n in domains.most_common(top):
        print(f"  {dom:40s} {n}")
    stale = [r for r in rows if r["age_days"] > 7]
    if stale:
        print(f"\n{len(stale)} reports older than a week:")
        for r in stale[:top]:
            print(f"  #{r['report_id']} {r['target']} ({r['age_days']} d) {r['comment']}")


def write_csv(rows) -> Path:
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    path = OUT_DIR / f"{dt.date.today():%Y-%m-%d}.csv"
    tmp = path.with_suffix(".csv.tmp")
    with tmp.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]) if rows else ["report_id"])
        writer.writeheader()
        writer.writerows(rows)
    tmp.replace(path)
    return path


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Mastodon moderation digest (read-only)")
    ap.add_argument("--max", type=int, default=500)
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--csv", action="store_true", help="write build/moderation/<date>.csv")
    ap.add_argument("--media", action="store_true", help="include tootctl media usage")
    args = ap.parse_args(argv)

    env = {**dotenv(ROOT / ".env"), **os.environ}
    base = env.get("MASTODON_BASE", "https://social.internal")
    token = env.get("MASTODON_ADMIN_TOKEN", "")
    if not token:
        print("MASTODON_ADMIN_TOKEN not set", file=sys.stderr)
        return 2
    print(f"instance {base}, token {masked(token)}")
    api = Mastodon(base, token)
    rows, by_target, domains, categories = build_digest(api, args.max)
    print_digest(rows, by_target, domains, categories, args.top)
    if args.csv:
        print(f"\nwrote {write_csv(rows).relative_to(ROOT)}")
    if args.media:
        usage = media_usage()
        print("\n" + (usage or "tootctl not found on this host"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
