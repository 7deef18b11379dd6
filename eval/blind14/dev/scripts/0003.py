#!/usr/bin/env python3
"""Small GitHub helper with subcommands: `prs`, `stale`, `label`.

Uses GITHUB_TOKEN from the environment and only talks to api.github.com.
"""
import argparse
import datetime as dt
import json
import os
import sys
import urllib.parse
import urllib.request

API = "https://api.github.com"


class GitHub:
    def __init__(self, repo: str, token: str) -> None:
        self.repo = repo
        self.headers = {
            "Authorization": f"Bearer {token}",
            "Accept": "application/vnd.github+json",
            "X-GitHub-Api-Version": "2022-11-28",
            "User-Agent": "acme-gh-helper",
        }

    def _request(self, method: str, path: str, query=None, body=None):
        url = f"{API}/repos/{self.repo}{path}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(url, data=data, method=method, headers=self.headers)
        with urllib.request.urlopen(req, timeout=20) as resp:
            return json.load(resp)

    def open_prs(self, per_page: int = 50):
        return self._request("GET", "/pulls", {"state": "open", "per_page": per_page})

    def add_labels(self, number: int, labels: list[str]):
        return self._request("POST", f"/issues/{number}/labels", body={"labels": labels})


def cmd_prs(gh: GitHub, args) -> int:
    for pr in gh.open_prs():
        draft = " (draft)" if pr.get("draft") else ""
        print(f"#{pr['number']:<5} {pr['user']['login']:<16} {pr['title']}{draft}")
    return 0


def cmd_stale(gh: GitHub, args) -> int:
    cutoff = dt.datetime.now(dt.timezone.utc) - dt.timedelta(days=args.days)
    stale = []
    for pr in gh.open_prs(100):
        updated = dt.datetime.fromisoformat(pr["updated_at"].replace("Z", "+00:00"))
        if updated < cutoff:
            stale.append((updated.date().isoformat(), pr["number"], pr["title"]))
    for day, number, title in sorted(stale):
        print(f"{day}  #{number}  {title}")
    print(f"{len(stale)} PR(s) untouched for {args.days}+ days", file=sys.stderr)
    return 0


def cmd_label(gh: GitHub, args) -> int:
    result = gh.add_labels(args.number, args.labels)
    print("labels now:", ", ".join(item["name"] for item in result))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="gh-helper")
    parser.add_argument("--repo", default=os.environ.get("GITHUB_REPOSITORY", "acme/storefront"))
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("prs", help="list open pull requests").set_defaults(func=cmd_prs)
    stale = sub.add_parser("stale", help="pull requests without recent activity")
    stale.add_argument("--days", type=int, default=14)
    stale.set_defaults(func=cmd_stale)
    label = sub.add_parser("label", help="add labels to a pull request")
    label.add_argument("number", type=int)
    label.add_argument("labels", nargs="+")
    label.set_defaults(func=cmd_label)
    return parser


def main() -> int:
    args = build_parser().parse_args()
    token = os.environ.get("GITHUB_TOKEN")
    if not token:
        print("GITHUB_TOKEN is not set", file=sys.stderr)
        return 2
    return args.func(GitHub(args.repo, token), args)


if __name__ == "__main__":
    sys.exit(main())
