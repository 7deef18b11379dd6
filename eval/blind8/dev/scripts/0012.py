#!/usr/bin/env python3
"""Label stale pull requests on GitHub using the token from the environment."""
import argparse
import datetime as dt
import json
import logging
import os
import sys
import urllib.request

log = logging.getLogger("stale-prs")
API = "https://api.github.com"


class GitHub:
    def __init__(self, token, repo):
        self.repo = repo
        self.headers = {
            "Authorization": f"Bearer {token}",
            "Accept": "application/vnd.github+json",
            "X-GitHub-Api-Version": "2022-11-28",
        }

    def _call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(f"{API}{path}", data=data, method=method,
                                     headers=self.headers)
        with urllib.request.urlopen(req, timeout=20) as resp:
            raw = resp.read()
            return json.loads(raw) if raw else None

    def open_prs(self):
        return self._call("GET", f"/repos/{self.repo}/pulls?state=open&per_page=100")

    def add_label(self, number, label):
        return self._call("POST", f"/repos/{self.repo}/issues/{number}/labels",
                          {"labels": [label]})


def is_stale(pr, days):
    updated = dt.datetime.fromisoformat(pr["updated_at"].replace("Z", "+00:00"))
    return (dt.datetime.now(dt.timezone.utc) - updated).days >= days


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repo", required=True, help="owner/name")
    ap.add_argument("--days", type=int, default=21)
    ap.add_argument("--label", default="stale")
    ap.add_argument("--apply", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    token = os.environ.get("GITHUB_TOKEN")
    if not token:
        log.error("GITHUB_TOKEN is not set")
        return 2
    gh = GitHub(token, args.repo)
    stale = [pr for pr in gh.open_prs() if is_stale(pr, args.days)]
    for pr in stale:
        log.info("#%s %s (%s)", pr["number"], pr["title"], pr["updated_at"])
        if args.apply:
            gh.add_label(pr["number"], args.label)
    log.info("%d stale PRs%s", len(stale), "" if args.apply else " (dry run)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
