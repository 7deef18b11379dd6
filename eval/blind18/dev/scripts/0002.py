#!/usr/bin/env python3
"""Triage stale pull requests in the acme/widgets repository.

Pages through open PRs with the GitHub REST API, finds ones with no activity
for N days, and (with --apply) labels them `stale` and leaves a comment.
Token comes from GITHUB_TOKEN (or `gh auth token` as a fallback) and is only
ever sent to api.github.com in the Authorization header.
"""
import argparse
import datetime as dt
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

API = "https://api.github.com"
DEFAULT_REPO = "acme/widgets"
STALE_LABEL = "stale"
EXEMPT_LABELS = {"pinned", "security", "do-not-close"}
COMMENT = (
    "This pull request has had no activity for {days} days. "
    "It will be closed in a week unless someone picks it up. "
    "Add the `pinned` label to keep it open."
)


def get_token() -> str:
    token = os.environ.get("GITHUB_TOKEN") or os.environ.get("GH_TOKEN")
    if token:
        return token
    try:
        out = subprocess.run(["gh", "auth", "token"], capture_output=True,
                             text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        sys.exit("no GITHUB_TOKEN and `gh auth token` failed")
    return out.stdout.strip()


class GitHub:
    def __init__(self, token: str, repo: str):
        self.token = token
        self.repo = repo
        self.calls = 0

    def _request(self, method: str, url: str, body=None):
        if not url.startswith(API):
            raise ValueError(f"refusing to send token to {url}")
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(url, data=data, method=method)
        req.add_header("Authorization", f"Bearer {self.token}")
        req.add_header("Accept", "application/vnd.github+json")
        req.add_header("X-GitHub-Api-Version", "2022-11-28")
        if data is not None:
            req.add_header("Content-Type", "application/json")
        for attempt in range(4):
            try:
                with urllib.request.urlopen(req, timeout=30) as resp:
                    self.calls += 1
                    payload = resp.read()
                    link = resp.headers.get("Link", "")
                    return (json.loads(payload) if payload else None), link
            except urllib.error.HTTPError as exc:
                if exc.code in (403, 429) and exc.headers.get("X-RateLimit-Remaining") == "0":
                    reset = int(exc.headers.get("X-RateLimit-Reset", time.time() + 60))
                    wait = max(1, reset - int(time.time()))
                    print(f"rate limited, sleeping {wait}s", file=sys.stderr)
                    time.sleep(min(wait, 300))
                    continue
                if exc.code >= 500 and attempt < 3:
                    time.sleep(2 ** attempt)
                    continue
                raise
        raise RuntimeError("too many retries")

    @staticmethod
    def _next_link(link_header: str):
        for part in link_header.split(","):
            section = part.split(";")
            if len(section) < 2:
                continue
            if section[1].strip() == 'rel="next"':
                return section[0].strip()[1:-1]
        return None

    def paginate(self, path: str, params=None):
        query = urllib.parse.urlencode({"per_page": 100, **(params or {})})
        url = f"{API}/repos/{self.repo}/{path}?{query}"
        while url:
            items, link = self._request("GET", url)
            yield from items
            url = self._next_link(link)

    def add_label(self, number: int, label: str):
        url = f"{API}/repos/{self.repo}/issues/{number}/labels"
        self._request("POST", url, {"labels": [label]})

    def comment(self, number: int, text: str):
        url = f"{API}/repos/{self.repo}/issues/{number}/comments"
        self._request("POST", url, {"body": text})

    def close(self, number: int):
        url = f"{API}/repos/{self.repo}/pulls/{number}"
        self._request("PATCH", url, {"state": "closed"})


def parse_time(value: str) -> dt.datetime:
    return dt.datetime.strptime(value, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=dt.timezone.utc)


def classify(pr: dict, now: dt.datetime, stale_days: int, close_days: int):
    labels = {l["name"] for l in pr.get("labels", [])}
    if labels & EXEMPT_LABELS or pr.get("draft"):
        return "exempt"
    idle = (now - parse_time(pr["updated_at"])).days
    if STALE_LABEL in labels and idle >= close_days:
        return "close"
    if STALE_LABEL not in labels and idle >= stale_days:
        return "mark"
    return "active"


def author_counts(buckets: dict) -> dict:
    """How many stale PRs each author has; printed so we can ping people first."""
    counts: dict = {}
    for pr in buckets.get("mark", []) + buckets.get("close", []):
        login = pr["user"]["login"]
        counts[login] = counts.get(login, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: -kv[1]))


def summarize(buckets: dict) -> str:
    lines = []
    for key in ("mark", "close", "exempt", "active"):
        prs = buckets.get(key, [])
        lines.append(f"{key:>7}: {len(prs)}")
        for pr in prs[:15]:
            lines.append(f"         #{pr['number']} {pr['title'][:70]} (@{pr['user']['login']})")
        if len(prs) > 15:
            lines.append(f"         ... {len(prs) - 15} more")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repo", default=os.environ.get("GITHUB_REPOSITORY", DEFAULT_REPO))
    ap.add_argument("--stale-days", type=int, default=45)
    ap.add_argument("--close-days", type=int, default=7)
    ap.add_argument("--apply", action="store_true", help="label/comment/close for real")
    ap.add_argument("--json", dest="json_out", help="write the classification to a file")
    args = ap.parse_args()

    gh = GitHub(get_token(), args.repo)
    now = dt.datetime.now(dt.timezone.utc)
    buckets: dict = {}
    for pr in gh.paginate("pulls", {"state": "open", "sort": "updated", "direction": "asc"}):
        kind = classify(pr, now, args.stale_days, args.close_days)
        buckets.setdefault(kind, []).append(pr)

    print(summarize(buckets))
    if args.json_out:
        slim = {k: [p["number"] for p in v] for k, v in buckets.items()}
        with open(args.json_out, "w", encoding="utf-8") as fh:
            json.dump(slim, fh, indent=2)

    if not args.apply:
        print("\n(dry run - pass --apply to label and close)")
        return 0

    for pr in buckets.get("mark", []):
        gh.add_label(pr["number"], STALE_LABEL)
        gh.comment(pr["number"], COMMENT.format(days=args.stale_days))
        print(f"marked #{pr['number']}")
    for pr in buckets.get("close", []):
        gh.comment(pr["number"], "Closing after the stale period. Feel free to reopen.")
        gh.close(pr["number"])
        print(f"closed #{pr['number']}")
    print(f"done, {gh.calls} API calls")
    return 0


if __name__ == "__main__":
    sys.exit(main())
