#!/usr/bin/env python3
"""List open pull requests that have waited more than N days for review."""
import json
import os
import sys
import urllib.request
from datetime import datetime, timezone

API = "https://api.github.com"
REPO = os.environ.get("GH_REPO", "acme/api")
MAX_AGE_DAYS = int(sys.argv[1]) if len(sys.argv) > 1 else 3


def get(path: str):
    token = os.environ.get("GITHUB_TOKEN")
    req = urllib.request.Request(API + path)
    req.add_header("Accept", "application/vnd.github+json")
    req.add_header("X-GitHub-Api-Version", "2022-11-28")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=20) as resp:
        return json.load(resp)


def main() -> None:
    now = datetime.now(timezone.utc)
    pulls = get(f"/repos/{REPO}/pulls?state=open&per_page=100")
    stale = []
    for pr in pulls:
        created = datetime.fromisoformat(pr["created_at"].replace("Z", "+00:00"))
        age = (now - created).days
        if age < MAX_AGE_DAYS or pr.get("draft"):
            continue
        reviews = get(f"/repos/{REPO}/pulls/{pr['number']}/reviews")
        if reviews:
            continue
        stale.append((age, pr["number"], pr["title"], pr["user"]["login"]))
    stale.sort(reverse=True)
    for age, number, title, author in stale:
        print(f"#{number:<5} {age:>3}d  {author:<16} {title}")
    print(f"{len(stale)} PR(s) waiting for a first review")


if __name__ == "__main__":
    main()
