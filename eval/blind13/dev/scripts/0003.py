#!/usr/bin/env python3
"""List stale pull requests for the pantry repos and label them.

Uses the GitHub REST API (api.github.com) with the token from GITHUB_TOKEN.
The token is only ever placed in the Authorization header for that host.
"""
import argparse
import json
import os
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from functools import partial

API = "https://api.github.com"


@dataclass
class GitHubClient:
    token: str
    owner: str
    user_agent: str = "pantry-pr-gardener/1.2"
    calls: int = field(default=0, init=False)

    def _request(self, method: str, path: str, body: dict | None = None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(f"{API}{path}", data=data, method=method)
        req.add_header("Authorization", f"Bearer {self.token}")
        req.add_header("Accept", "application/vnd.github+json")
        req.add_header("User-Agent", self.user_agent)
        self.calls += 1
        with urllib.request.urlopen(req, timeout=20) as resp:
            raw = resp.read()
            return json.loads(raw) if raw else None

    def pulls(self, repo: str):
        page = 1
        while True:
            batch = self._request("GET", f"/repos/{self.owner}/{repo}/pulls?state=open&per_page=50&page={page}")
            if not batch:
                return
            yield from batch
            page += 1

    def add_label(self, repo: str, number: int, label: str):
        return self._request("POST", f"/repos/{self.owner}/{repo}/issues/{number}/labels", {"labels": [label]})


def with_retry(fn, attempts=3, delay=2.0):
    for i in range(attempts):
        try:
            return fn()
        except urllib.error.HTTPError as exc:
            if exc.code not in (502, 503) or i == attempts - 1:
                raise
            time.sleep(delay * (i + 1))


def is_stale(pr: dict, cutoff: datetime) -> bool:
    updated = datetime.fromisoformat(pr["updated_at"].replace("Z", "+00:00"))
    return updated < cutoff and not pr.get("draft")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("repos", nargs="+")
    parser.add_argument("--owner", default="pantry-dev")
    parser.add_argument("--days", type=int, default=21)
    parser.add_argument("--apply", action="store_true", help="actually add the 'stale' label")
    args = parser.parse_args()

    token = os.environ.get("GITHUB_TOKEN")
    if not token:
        print("GITHUB_TOKEN is not set", file=sys.stderr)
        return 2
    client = GitHubClient(token=token, owner=args.owner)
    cutoff = datetime.now(timezone.utc) - timedelta(days=args.days)
    stale_check = partial(is_stale, cutoff=cutoff)

    for repo in args.repos:
        stale = list(filter(stale_check, client.pulls(repo)))
        print(f"{repo}: {len(stale)} stale PR(s)")
        for pr in stale:
            print(f"  #{pr['number']:<5} {pr['user']['login']:<16} {pr['title'][:60]}")
            if args.apply:
                with_retry(lambda: client.add_label(repo, pr["number"], "stale"))
    print(f"API calls: {client.calls}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
