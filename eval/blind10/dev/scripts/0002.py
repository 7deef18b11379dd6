#!/usr/bin/env python3
"""Summarise open pull requests for a GitHub repository and optionally
post a reminder comment on stale ones.

Token comes from GITHUB_TOKEN and is only ever sent to api.github.com.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import urllib.request
from dataclasses import dataclass, field
from datetime import datetime, timezone

API = "https://api.github.com"


@dataclass
class PullRequest:
    number: int
    title: str
    author: str
    updated_at: datetime
    labels: list[str] = field(default_factory=list)

    @property
    def age_days(self) -> int:
        return (datetime.now(timezone.utc) - self.updated_at).days


@dataclass
class GitHubClient:
    repo: str
    token: str
    timeout: float = 15.0

    def _request(self, method: str, path: str, body: dict | None = None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(f"{API}{path}", data=data, method=method)
        req.add_header("Authorization", f"Bearer {self.token}")
        req.add_header("Accept", "application/vnd.github+json")
        req.add_header("X-GitHub-Api-Version", "2022-11-28")
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.load(resp)

    def open_pulls(self) -> list[PullRequest]:
        raw = self._request("GET", f"/repos/{self.repo}/pulls?state=open&per_page=100")
        pulls = []
        for item in raw:
            pulls.append(
                PullRequest(
                    number=item["number"],
                    title=item["title"],
                    author=item["user"]["login"],
                    updated_at=datetime.fromisoformat(item["updated_at"].replace("Z", "+00:00")),
                    labels=[lab["name"] for lab in item.get("labels", [])],
                )
            )
        return pulls

    def comment(self, number: int, text: str) -> None:
        self._request("POST", f"/repos/{self.repo}/issues/{number}/comments", {"body": text})


def render(pulls: list[PullRequest]) -> str:
    rows = ["| # | age | author | title |", "|---|---|---|---|"]
    for pr in sorted(pulls, key=lambda p: p.age_days, reverse=True):
        rows.append(f"| {pr.number} | {pr.age_days}d | {pr.author} | {pr.title} |")
    return "\n".join(rows)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("repo", help="owner/name")
    ap.add_argument("--stale-days", type=int, default=14)
    ap.add_argument("--nudge", action="store_true", help="comment on stale PRs")
    args = ap.parse_args()
    token = os.environ.get("GITHUB_TOKEN")
    if not token:
        print("GITHUB_TOKEN is not set", file=sys.stderr)
        return 2
    client = GitHubClient(args.repo, token)
    pulls = client.open_pulls()
    print(render(pulls))
    if args.nudge:
        for pr in pulls:
            if pr.age_days >= args.stale_days and "on-hold" not in pr.labels:
                client.comment(pr.number, f"This PR has been idle for {pr.age_days} days.")
                print(f"nudged #{pr.number}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
