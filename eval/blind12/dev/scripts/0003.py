#!/usr/bin/env python3
"""List stale pull requests of a repository and write a markdown report.

Uses the GitHub REST API with the token from $GITHUB_TOKEN (read-only scope is
enough). Output goes to reports/stale-prs.md inside the project.
"""
import argparse
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request
from datetime import datetime, timedelta, timezone
from pathlib import Path

API = "https://api.github.com"
REPORT = Path(__file__).resolve().parent.parent / "reports" / "stale-prs.md"


class GitHub:
    def __init__(self, token: str, per_page: int = 50):
        self.token = token
        self.per_page = per_page

    def _get(self, path: str, params: dict | None = None):
        query = urllib.parse.urlencode(params or {})
        url = f"{API}{path}" + (f"?{query}" if query else "")
        req = urllib.request.Request(url, headers={
            "Accept": "application/vnd.github+json",
            "Authorization": f"Bearer {self.token}",
            "X-GitHub-Api-Version": "2022-11-28",
            "User-Agent": "stale-pr-report",
        })
        with urllib.request.urlopen(req, timeout=30) as resp:
            return json.load(resp), resp.headers.get("Link", "")

    def pulls(self, repo: str):
        page = 1
        while True:
            batch, link = self._get(f"/repos/{repo}/pulls", {
                "state": "open", "per_page": self.per_page, "page": page,
            })
            yield from batch
            if 'rel="next"' not in link:
                return
            page += 1


def parse_ts(value: str) -> datetime:
    return datetime.strptime(value, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


def render(repo: str, stale: list[dict], days: int) -> str:
    lines = [f"# Stale pull requests in {repo}", "",
             f"Open PRs without updates for more than {days} days: {len(stale)}", ""]
    lines.append("| PR | Author | Last update | Title |")
    lines.append("|---:|--------|-------------|-------|")
    for pr in stale:
        lines.append(
            f"| #{pr['number']} | {pr['user']['login']} | {pr['updated_at'][:10]} | "
            f"{pr['title'].replace('|', '/')} |"
        )
    return "\n".join(lines) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("repo", help="owner/name")
    ap.add_argument("--days", type=int, default=21)
    args = ap.parse_args()

    token = os.environ.get("GITHUB_TOKEN")
    if not token:
        print("GITHUB_TOKEN is not set", file=sys.stderr)
        return 2
    cutoff = datetime.now(timezone.utc) - timedelta(days=args.days)
    gh = GitHub(token)
    try:
        stale = [pr for pr in gh.pulls(args.repo)
                 if not pr.get("draft") and parse_ts(pr["updated_at"]) < cutoff]
    except urllib.error.HTTPError as exc:
        print(f"GitHub API error {exc.code}: {exc.reason}", file=sys.stderr)
        return 1
    stale.sort(key=lambda pr: pr["updated_at"])
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(render(args.repo, stale, args.days))
    print(f"{len(stale)} stale PRs written to {REPORT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
