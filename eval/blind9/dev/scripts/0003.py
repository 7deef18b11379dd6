#!/usr/bin/env python3
"""Triage stale GitHub issues: label anything untouched for N days.

Token comes from GITHUB_TOKEN and is only ever sent to api.github.com.
Dry-run by default; pass --apply to actually add labels and comments.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Iterator

API = "https://api.github.com"
STALE_LABEL = "stale"
EXEMPT = {"pinned", "security", "roadmap"}


class GitHub:
    def __init__(self, token: str, repo: str) -> None:
        self.token = token
        self.repo = repo
        self.calls = 0

    def _request(self, method: str, path: str, body: dict | None = None, query: dict | None = None):
        url = f"{API}{path}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(url, data=data, method=method, headers={
            "Authorization": f"Bearer {self.token}",
            "Accept": "application/vnd.github+json",
            "X-GitHub-Api-Version": "2022-11-28",
        })
        for attempt in range(4):
            try:
                with urllib.request.urlopen(req, timeout=20) as resp:
                    self.calls += 1
                    remaining = int(resp.headers.get("X-RateLimit-Remaining", "1"))
                    if remaining == 0:
                        reset = int(resp.headers.get("X-RateLimit-Reset", "0"))
                        time.sleep(max(0, reset - time.time()) + 1)
                    raw = resp.read()
                    return json.loads(raw) if raw else None
            except urllib.error.HTTPError as exc:
                if exc.code in (502, 503) and attempt < 3:
                    time.sleep(2 ** attempt)
                    continue
                raise

    def issues(self) -> Iterator[dict]:
        page = 1
        while True:
            batch = self._request("GET", f"/repos/{self.repo}/issues",
                                  query={"state": "open", "per_page": 100, "page": page})
            if not batch:
                return
            for item in batch:
                if "pull_request" not in item:
                    yield item
            page += 1

    def add_label(self, number: int, label: str) -> None:
        self._request("POST", f"/repos/{self.repo}/issues/{number}/labels", {"labels": [label]})

    def comment(self, number: int, text: str) -> None:
        self._request("POST", f"/repos/{self.repo}/issues/{number}/comments", {"body": text})


def is_stale(issue: dict, cutoff: dt.datetime) -> bool:
    labels = {l["name"] for l in issue.get("labels", [])}
    if labels & EXEMPT or STALE_LABEL in labels:
        return False
    updated = dt.datetime.fromisoformat(issue["updated_at"].replace("Z", "+00:00"))
    return updated < cutoff


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repo", default=os.environ.get("GITHUB_REPOSITORY", "acme/proj"))
    ap.add_argument("--days", type=int, default=90)
    ap.add_argument("--apply", action="store_true")
    args = ap.parse_args()

    token = os.environ.get("GITHUB_TOKEN")
    if not token:
        sys.exit("set GITHUB_TOKEN (a fine-grained token with issues:write)")

    gh = GitHub(token, args.repo)
    cutoff = dt.datetime.now(dt.timezone.utc) - dt.timedelta(days=args.days)
    stale = [i for i in gh.issues() if is_stale(i, cutoff)]
    for issue in stale:
        print(f"#{issue['number']:>5}  {issue['updated_at'][:10]}  {issue['title'][:70]}")
        if args.apply:
            gh.add_label(issue["number"], STALE_LABEL)
            gh.comment(issue["number"], f"No activity for {args.days} days; marking as stale.")
    mode = "labelled" if args.apply else "would label"
    print(f"\n{mode} {len(stale)} issues ({gh.calls} API calls)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
