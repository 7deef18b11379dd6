#!/usr/bin/env python3
"""List open pull requests that are waiting on review for longer than N days."""
import argparse
import json
import os
import sys
import urllib.parse
import urllib.request
from dataclasses import dataclass
from datetime import datetime, timezone

API = "https://api.github.com"


@dataclass
class Client:
    token: str
    base: str = API
    per_page: int = 50

    def get(self, path, **params):
        params.setdefault("per_page", self.per_page)
        url = f"{self.base}{path}?{urllib.parse.urlencode(params)}"
        req = urllib.request.Request(url, headers={
            "Authorization": f"Bearer {self.token}",
            "Accept": "application/vnd.github+json",
            "X-GitHub-Api-Version": "2022-11-28",
            "User-Agent": "stale-pr-report",
        })
        with urllib.request.urlopen(req, timeout=20) as resp:
            return json.load(resp)


def age_days(ts: str) -> int:
    created = datetime.fromisoformat(ts.replace("Z", "+00:00"))
    return (datetime.now(timezone.utc) - created).days


def stale_prs(client, repo, min_days):
    for pr in client.get(f"/repos/{repo}/pulls", state="open"):
        if pr.get("draft"):
            continue
        days = age_days(pr["created_at"])
        if days < min_days:
            continue
        reviews = client.get(f"/repos/{repo}/pulls/{pr['number']}/reviews")
        if any(r["state"] == "APPROVED" for r in reviews):
            continue
        yield {"number": pr["number"], "title": pr["title"],
               "author": pr["user"]["login"], "days": days}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("repo", help="owner/name")
    ap.add_argument("--days", type=int, default=int(os.environ.get("STALE_DAYS", "5")))
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    token = os.environ.get("GITHUB_TOKEN")
    if not token:
        sys.exit("GITHUB_TOKEN is not set")
    rows = sorted(stale_prs(Client(token), args.repo, args.days), key=lambda r: -r["days"])
    if args.json:
        json.dump(rows, sys.stdout, indent=2)
        print()
        return
    for r in rows:
        print(f"#{r['number']:<6} {r['days']:>3}d  {r['author']:<16} {r['title']}")
    print(f"{len(rows)} stale pull request(s)")


if __name__ == "__main__":
    main()
