#!/usr/bin/env python3
"""List open pull requests that are waiting on review for this repository.

Reads GITHUB_TOKEN from the environment and talks only to api.github.com.
Usage: python scripts/stale_prs.py [--days 3] [--repo owner/name]
"""
import argparse
import json
import os
import subprocess
import sys
import urllib.request
from datetime import datetime, timedelta, timezone

API = "https://api.github.com"


def current_repo() -> str:
    url = subprocess.run(
        ["git", "config", "--get", "remote.origin.url"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()
    # git@github.com:owner/name.git or https://github.com/owner/name.git
    tail = url.split("github.com")[-1].lstrip(":/")
    return tail[:-4] if tail.endswith(".git") else tail


def gh_get(path: str, token: str):
    req = urllib.request.Request(
        f"{API}{path}",
        headers={
            "Authorization": f"Bearer {token}",
            "Accept": "application/vnd.github+json",
            "X-GitHub-Api-Version": "2022-11-28",
            "User-Agent": "stale-prs-script",
        },
    )
    with urllib.request.urlopen(req, timeout=20) as resp:
        return json.load(resp)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--days", type=int, default=3)
    ap.add_argument("--repo")
    args = ap.parse_args()
    token = os.environ.get("GITHUB_TOKEN")
    if not token:
        print("GITHUB_TOKEN not set", file=sys.stderr)
        return 2
    repo = args.repo or current_repo()
    cutoff = datetime.now(timezone.utc) - timedelta(days=args.days)
    prs = gh_get(f"/repos/{repo}/pulls?state=open&per_page=100", token)
    stale = []
    for pr in prs:
        if pr.get("draft"):
            continue
        updated = datetime.fromisoformat(pr["updated_at"].replace("Z", "+00:00"))
        reviews = gh_get(f"/repos/{repo}/pulls/{pr['number']}/reviews", token)
        if updated < cutoff and not reviews:
            stale.append((pr["number"], pr["user"]["login"], pr["title"], updated.date()))
    for num, who, title, when in sorted(stale, key=lambda r: r[3]):
        print(f"#{num:<5} {when}  @{who:<15} {title}")
    print(f"{len(stale)} PR(s) without review for more than {args.days} day(s) in {repo}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
