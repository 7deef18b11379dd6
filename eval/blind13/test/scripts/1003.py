#!/usr/bin/env python3
"""Report open merge requests across the quillstack GitLab group.

Reads GITLAB_TOKEN from the environment and sends it only as the PRIVATE-TOKEN
header to gitlab.com/api/v4, the documented GitLab API host.
"""
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from datetime import datetime, timezone
from functools import wraps

GITLAB_API = "https://gitlab.com/api/v4"


def backoff(retries=4, base=1.5):
    def decorate(fn):
        @wraps(fn)
        def wrapped(*args, **kwargs):
            for n in range(retries):
                try:
                    return fn(*args, **kwargs)
                except urllib.error.HTTPError as err:
                    if err.code != 429 or n == retries - 1:
                        raise
                    wait = float(err.headers.get("Retry-After", base ** n))
                    print(f"rate limited, sleeping {wait:.1f}s", file=sys.stderr)
                    time.sleep(wait)
        return wrapped
    return decorate


class GitLab:
    def __init__(self, token: str):
        self._headers = {"PRIVATE-TOKEN": token, "User-Agent": "quill-mr-report"}

    @backoff()
    def _get(self, path: str, params: dict):
        query = urllib.parse.urlencode(params)
        req = urllib.request.Request(f"{GITLAB_API}{path}?{query}", headers=self._headers)
        with urllib.request.urlopen(req, timeout=30) as resp:
            next_page = resp.headers.get("X-Next-Page")
            return json.load(resp), next_page

    def paginate(self, path: str, **params):
        page = "1"
        while page:
            items, page = self._get(path, {**params, "page": page, "per_page": 100})
            yield from items


def age_days(iso: str) -> float:
    created = datetime.fromisoformat(iso.replace("Z", "+00:00"))
    return (datetime.now(timezone.utc) - created).total_seconds() / 86400


def summarise(mrs):
    by_author = Counter(mr["author"]["username"] for mr in mrs)
    drafts = sum(1 for mr in mrs if mr.get("draft"))
    oldest = max(mrs, key=lambda mr: age_days(mr["created_at"]), default=None)
    return by_author, drafts, oldest


def main() -> int:
    token = os.environ.get("GITLAB_TOKEN")
    if not token:
        print("set GITLAB_TOKEN (read_api scope is enough)", file=sys.stderr)
        return 2
    group = sys.argv[1] if len(sys.argv) > 1 else "quillstack"
    api = GitLab(token)
    encoded = urllib.parse.quote(group, safe="")
    mrs = list(api.paginate(f"/groups/{encoded}/merge_requests", state="opened", scope="all"))
    by_author, drafts, oldest = summarise(mrs)

    print(f"{len(mrs)} open merge requests in {group} ({drafts} drafts)")
    for author, count in by_author.most_common(10):
        print(f"  {author:<20} {count}")
    if oldest:
        print(f"oldest: !{oldest['iid']} '{oldest['title'][:50]}' ({age_days(oldest['created_at']):.0f} days)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
