#!/usr/bin/env python3
"""Export issues and pull requests of our GitHub repository to data/github/*.jsonl.

The triage notebook reads these files. The token comes from GITHUB_TOKEN (or
`gh auth token` if the GitHub CLI is logged in) and is only ever sent in the
Authorization header to api.github.com. Pagination follows the Link header;
responses are cached in ~/.cache/triage-export/ keyed by URL + ETag so re-runs
are cheap and do not burn rate limit.
"""
import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

API = "https://api.github.com"
ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "data" / "github"
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "triage-export"
LINK_NEXT = re.compile(r'<([^>]+)>;\s*rel="next"')
FIELDS = ("number", "title", "state", "created_at", "closed_at", "labels", "user", "comments", "pull_request")


def get_token():
    token = os.environ.get("GITHUB_TOKEN")
    if token:
        return token
    try:
        out = subprocess.run(["gh", "auth", "token"], capture_output=True, text=True, check=True)
        return out.stdout.strip() or None
    except (FileNotFoundError, subprocess.CalledProcessError):
        return None


class Client:
    def __init__(self, token, use_cache=True):
        self.token = token
        self.use_cache = use_cache
        self.remaining = None
        CACHE.mkdir(parents=True, exist_ok=True)

    def _cache_file(self, url):
        return CACHE / (hashlib.sha1(url.encode()).hexdigest() + ".json")

    def get(self, path_or_url, params=None):
        if path_or_url.startswith(API + "/"):
            url = path_or_url
        else:
            url = API + path_or_url
            if params:
                url += "?" + urllib.parse.urlencode(params)
        headers = {
            "Accept": "application/vnd.github+json",
            "X-GitHub-Api-Version": "2022-11-28",
            "User-Agent": "triage-export",
        }
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        cache_file = self._cache_file(url)
        cached = None
        if self.use_cache and cache_file.exists():
            cached = json.loads(cache_file.read_text())
            headers["If-None-Match"] = cached["etag"]
        req = urllib.request.Request(url, headers=headers)
        for attempt in range(4):
            try:
                with urllib.request.urlopen(req, timeout=30) as resp:
                    self.remaining = resp.headers.get("X-RateLimit-Remaining")
                    body = json.loads(resp.read().decode())
                    link = resp.headers.get("Link", "")
                    etag = resp.headers.get("ETag")
                    if etag:
                        cache_file.write_text(json.dumps({"etag": etag, "body": body, "link": link}))
                    return body, link
            except urllib.error.HTTPError as exc:
                if exc.code == 304 and cached:
                    return cached["body"], cached["link"]
                if exc.code in (403, 429) and exc.headers.get("X-RateLimit-Remaining") == "0":
                    reset = int(exc.headers.get("X-RateLimit-Reset", time.time() + 60))
                    wait = max(1, reset - int(time.time()))
                    print(f"rate limited, sleeping {wait}s", file=sys.stderr)
                    time.sleep(min(wait, 300))
                    continue
                if 500 <= exc.code < 600:
                    time.sleep(2 ** attempt)
                    continue
                raise
        raise RuntimeError(f"giving up on {url}")

    def paginate(self, path, params):
        url, first = path, True
        while url:
            body, link = self.get(url, params if first else None)
            first = False
            yield from body
            m = LINK_NEXT.search(link or "")
            url = m.group(1) if m else None


def slim(item):
    row = {k: item.get(k) for k in FIELDS}
    row["labels"] = [l["name"] for l in item.get("labels", [])]
    row["user"] = (item.get("user") or {}).get("login")
    row["is_pr"] = row.pop("pull_request") is not None
    return row


def export(client, repo, state, since, out_file):
    params = {"state": state, "per_page": 100, "sort": "updated", "direction": "desc"}
    if since:
        params["since"] = since
    count = 0
    tmp = out_file.with_suffix(".partial")
    with tmp.open("w") as fh:
        for item in client.paginate(f"/repos/{repo}/issues", params):
            fh.write(json.dumps(slim(item)) + "\n")
            count += 1
    tmp.replace(out_file)
    return count


def summarize(out_file):
    """Print label counts so the triage meeting has a quick overview."""
    labels = {}
    prs = issues = 0
    with out_file.open() as fh:
        for line in fh:
            row = json.loads(line)
            if row["is_pr"]:
                prs += 1
            else:
                issues += 1
            for label in row["labels"]:
                labels[label] = labels.get(label, 0) + 1
    print(f"issues: {issues}, pull requests: {prs}")
    for label, n in sorted(labels.items(), key=lambda kv: -kv[1])[:10]:
        print(f"  {label:30} {n}")


def repo_from_git():
    try:
        url = subprocess.run(["git", "remote", "get-url", "origin"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout.strip()
    except subprocess.CalledProcessError:
        return None
    m = re.search(r"github\.com[:/]([^/]+/[^/.]+)", url)
    return m.group(1) if m else None


def main(argv=None):
    ap = argparse.ArgumentParser(description="export GitHub issues for triage")
    ap.add_argument("--repo", default=None, help="owner/name (default: origin remote)")
    ap.add_argument("--state", choices=["open", "closed", "all"], default="all")
    ap.add_argument("--since", help="ISO timestamp")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args(argv)

    if args.clear_cache and CACHE.exists():
        for f in CACHE.glob("*.json"):
            f.unlink()
        print(f"cleared {CACHE}")

    repo = args.repo or repo_from_git()
    if not repo:
        sys.exit("could not determine repo; pass --repo owner/name")
    token = get_token()
    if not token:
        print("warning: no token, using the unauthenticated rate limit", file=sys.stderr)
    client = Client(token, use_cache=not args.no_cache)
    OUT.mkdir(parents=True, exist_ok=True)
    out_file = OUT / f"{repo.replace('/', '__')}-{args.state}.jsonl"
    n = export(client, repo, args.state, args.since, out_file)
    print(f"wrote {n} items to {out_file.relative_to(ROOT)} (rate limit left: {client.remaining})")
    summarize(out_file)
    return 0


if __name__ == "__main__":
    sys.exit(main())
