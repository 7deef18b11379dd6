#!/usr/bin/env python3
"""Show the pipeline status of our open merge requests on gitlab.com.

Reads GITLAB_TOKEN (read_api scope) and sends it only to gitlab.com in the
PRIVATE-TOKEN header. Prints a table and optionally writes JSON for the
dashboard in reports/.
"""
import argparse
import json
import os
import sys
import urllib.parse
import urllib.request
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Iterator

GITLAB = "https://gitlab.com/api/v4"
REPORTS = Path(__file__).resolve().parents[1] / "reports"


@dataclass
class MergeRequest:
    iid: int
    title: str
    author: str
    pipeline: str
    updated: str


class GitLabClient:
    def __init__(self, token: str, timeout: float = 20.0):
        self._token = token
        self._timeout = timeout

    def get(self, path: str, **params) -> tuple[list | dict, dict]:
        query = urllib.parse.urlencode({k: v for k, v in params.items() if v is not None})
        req = urllib.request.Request(
            f"{GITLAB}{path}?{query}",
            headers={"PRIVATE-TOKEN": self._token, "Accept": "application/json"},
        )
        with urllib.request.urlopen(req, timeout=self._timeout) as resp:
            return json.load(resp), dict(resp.headers)

    def paged(self, path: str, **params) -> Iterator[dict]:
        page = "1"
        while page:
            items, headers = self.get(path, page=page, per_page=100, **params)
            yield from items
            page = headers.get("X-Next-Page") or headers.get("x-next-page") or ""


def collect(client: GitLabClient, project: str, author: str | None) -> list[MergeRequest]:
    pid = urllib.parse.quote(project, safe="")
    out = []
    for mr in client.paged(f"/projects/{pid}/merge_requests", state="opened", author_username=author):
        pipeline = (mr.get("head_pipeline") or {}).get("status")
        if pipeline is None:
            detail, _ = client.get(f"/projects/{pid}/merge_requests/{mr['iid']}")
            pipeline = (detail.get("head_pipeline") or {}).get("status", "none")
        out.append(MergeRequest(mr["iid"], mr["title"], mr["author"]["username"],
                                pipeline, mr["updated_at"][:16].replace("T", " ")))
    return out


ICONS = {"success": "OK ", "failed": "ERR", "running": "...", "pending": "..."}


def main() -> int:
    ap = argparse.ArgumentParser(description="merge request pipeline overview")
    ap.add_argument("project", help="group/project path on gitlab.com")
    ap.add_argument("--author")
    ap.add_argument("--json", action="store_true", help="also write reports/mr-status.json")
    args = ap.parse_args()

    token = os.environ.get("GITLAB_TOKEN")
    if not token:
        print("set GITLAB_TOKEN first", file=sys.stderr)
        return 2
    try:
        mrs = collect(GitLabClient(token), args.project, args.author)
    except urllib.error.HTTPError as exc:
        print(f"gitlab returned {exc.code}", file=sys.stderr)
        return 1
    for mr in sorted(mrs, key=lambda m: m.updated, reverse=True):
        icon = ICONS.get(mr.pipeline, "   ")
        print(f"{icon} !{mr.iid:<5d} {mr.pipeline:10s} {mr.updated}  {mr.author:16s} {mr.title[:60]}")
    if args.json:
        REPORTS.mkdir(exist_ok=True)
        (REPORTS / "mr-status.json").write_text(json.dumps([asdict(m) for m in mrs], indent=2))
    failing = sum(1 for m in mrs if m.pipeline == "failed")
    print(f"{len(mrs)} open MRs, {failing} with failing pipelines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
