#!/usr/bin/env python3
"""List open pull requests that have been waiting for review longer than N days."""
import argparse
import json
import os
import sys
import urllib.request
from datetime import datetime, timedelta, timezone

API = "https://api.github.com"


def gh_get(path: str, token: str) -> list[dict]:
    req = urllib.request.Request(
        f"{API}{path}",
        headers={
            "Authorization": f"Bearer {token}",
            "Accept": "application/vnd.github+json",
            "X-GitHub-Api-Version": "2022-11-28",
        },
    )
    with urllib.request.urlopen(req, timeout=20) as resp:
        return json.load(resp)


def stale_prs(repo: str, token: str, days: int) -> list[dict]:
    cutoff = datetime.now(timezone.utc) - timedelta(days=days)
    prs = gh_get(f"/repos/{repo}/pulls?state=open&per_page=100", token)
    out = []
    for pr in prs:
        created = datetime.fromisoformat(pr["created_at"].replace("Z", "+00:00"))
        if created < cutoff and not pr.get("draft"):
            out.append({"number": pr["number"], "title": pr["title"],
                        "author": pr["user"]["login"], "age_days": (datetime.now(timezone.utc) - created).days})
    return sorted(out, key=lambda p: -p["age_days"])


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("repo", help="owner/name")
    ap.add_argument("--days", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    ns = ap.parse_args()
    token = os.environ.get("GITHUB_TOKEN")
    if not token:
        print("set GITHUB_TOKEN", file=sys.stderr)
        return 2
    rows = stale_prs(ns.repo, token, ns.days)
    if ns.json:
        print(json.dumps(rows, indent=2))
    else:
        for r in rows:
            print(f"#{r['number']:<6} {r['age_days']:>3}d  {r['author']:<16} {r['title']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
