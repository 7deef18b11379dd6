#!/usr/bin/env python3
"""Export merge-request statistics of our GitLab projects for the quarterly review.

Uses the GitLab REST API v4 on gitlab.com. The personal access token (read_api
scope) comes from GITLAB_TOKEN and is sent in the PRIVATE-TOKEN header only to
https://gitlab.com/api/v4. Pagination uses the X-Next-Page header. Output goes to
reports/gitlab/<project>-mrs.csv plus a small markdown summary.
"""
import argparse
import csv
import datetime as dt
import json
import os
import statistics
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path
from urllib.error import HTTPError

API_ROOT = "https://gitlab.com/api/v4"
OUT_DIR = Path(__file__).resolve().parents[1] / "reports" / "gitlab"
DEFAULT_PROJECTS = ["quarry-labs/backend", "quarry-labs/frontend", "quarry-labs/infra-tools"]
FIELDS = ["iid", "title", "author", "state", "created_at", "merged_at", "hours_to_merge",
          "changes", "user_notes_count", "labels", "target_branch"]


class GitLab:
    def __init__(self, token, per_page=100, pause=0.2):
        self.token = token
        self.per_page = per_page
        self.pause = pause
        self.calls = 0

    def _get(self, path, params):
        query = urllib.parse.urlencode({**params, "per_page": self.per_page})
        url = f"{API_ROOT}{path}?{query}"
        req = urllib.request.Request(url, headers={"PRIVATE-TOKEN": self.token, "Accept": "application/json"})
        for attempt in range(5):
            try:
                with urllib.request.urlopen(req, timeout=45) as resp:
                    self.calls += 1
                    return json.loads(resp.read()), resp.headers
            except HTTPError as exc:
                if exc.code == 429 or exc.code >= 500:
                    wait = int(exc.headers.get("Retry-After", 2 ** attempt))
                    print(f"  {exc.code}, retrying in {wait}s", file=sys.stderr)
                    time.sleep(wait)
                    continue
                raise
        raise RuntimeError(f"giving up on {path}")

    def paginate(self, path, **params):
        page = "1"
        while page:
            items, headers = self._get(path, {**params, "page": page})
            yield from items
            page = headers.get("X-Next-Page", "")
            time.sleep(self.pause)


def parse_ts(value):
    return dt.datetime.fromisoformat(value.replace("Z", "+00:00")) if value else None


def row_for(mr):
    created = parse_ts(mr["created_at"])
    merged = parse_ts(mr.get("merged_at"))
    hours = round((merged - created).total_seconds() / 3600, 1) if merged else None
    return {
        "iid": mr["iid"],
        "title": mr["title"][:120],
        "author": mr["author"]["username"],
        "state": mr["state"],
        "created_at": mr["created_at"],
        "merged_at": mr.get("merged_at") or "",
        "hours_to_merge": hours,
        "changes": mr.get("changes_count") or "",
        "user_notes_count": mr.get("user_notes_count", 0),
        "labels": ";".join(mr.get("labels", [])),
        "target_branch": mr["target_branch"],
    }


def export_project(gl, project, since):
    encoded = urllib.parse.quote(project, safe="")
    rows = [row_for(mr) for mr in gl.paginate(f"/projects/{encoded}/merge_requests",
                                               created_after=since.isoformat(), scope="all",
                                               order_by="created_at", sort="asc")]
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    out = OUT_DIR / f"{project.replace('/', '__')}-mrs.csv"
    with out.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=FIELDS)
        w.writeheader()
        w.writerows(rows)
    return out, rows


def summarize(project, rows):
    merged = [r for r in rows if r["hours_to_merge"] is not None]
    hours = [r["hours_to_merge"] for r in merged]
    authors = {}
    for r in rows:
        authors[r["author"]] = authors.get(r["author"], 0) + 1
    top = sorted(authors.items(), key=lambda kv: -kv[1])[:5]
    lines = [f"### {project}", "",
             f"- merge requests: {len(rows)} ({len(merged)} merged)"]
    if hours:
        lines.append(f"- median time to merge: {statistics.median(hours):.1f} h, p90: "
                     f"{sorted(hours)[int(len(hours) * 0.9) - 1 if len(hours) > 1 else 0]:.1f} h")
    lines.append("- most active: " + ", ".join(f"@{a} ({n})" for a, n in top))
    return "\n".join(lines) + "\n"


def reviewers_for(gl, project, iid):
    """Approvals of one MR; used by --with-approvals (one extra call per MR)."""
    encoded = urllib.parse.quote(project, safe="")
    data, _ = gl._get(f"/projects/{encoded}/merge_requests/{iid}/approvals", {})
    return [a["user"]["username"] for a in data.get("approved_by", [])]


def add_approvals(gl, project, rows):
    counts = {}
    for r in rows:
        if r["state"] != "merged":
            continue
        for user in reviewers_for(gl, project, r["iid"]):
            counts[user] = counts.get(user, 0) + 1
    return counts


def write_approvals(project, counts):
    out = OUT_DIR / f"{project.replace('/', '__')}-approvals.csv"
    with out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["reviewer", "approvals"])
        for user, n in sorted(counts.items(), key=lambda kv: -kv[1]):
            w.writerow([user, n])
    return out


def weekly_buckets(rows):
    """Count created / merged MRs per ISO week for the trend chart."""
    created, merged = {}, {}
    for r in rows:
        wk = parse_ts(r["created_at"]).strftime("%G-W%V")
        created[wk] = created.get(wk, 0) + 1
        if r["merged_at"]:
            mk = parse_ts(r["merged_at"]).strftime("%G-W%V")
            merged[mk] = merged.get(mk, 0) + 1
    weeks = sorted(set(created) | set(merged))
    return [(w, created.get(w, 0), merged.get(w, 0)) for w in weeks]


def write_weekly(project, rows):
    out = OUT_DIR / f"{project.replace('/', '__')}-weekly.csv"
    with out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["week", "created", "merged"])
        w.writerows(weekly_buckets(rows))
    return out


def main():
    ap = argparse.ArgumentParser(description="export GitLab MR statistics")
    ap.add_argument("--with-approvals", action="store_true", help="one extra API call per merged MR")
    ap.add_argument("projects", nargs="*", default=DEFAULT_PROJECTS)
    ap.add_argument("--days", type=int, default=90)
    args = ap.parse_args()
    token = os.environ.get("GITLAB_TOKEN")
    if not token:
        sys.exit("GITLAB_TOKEN is not set (Preferences > Access Tokens, scope read_api)")
    since = dt.datetime.now(dt.timezone.utc) - dt.timedelta(days=args.days)
    gl = GitLab(token)
    sections = [f"# Merge requests since {since.date()}", ""]
    for project in args.projects:
        out, rows = export_project(gl, project, since)
        print(f"{project}: {len(rows)} MR(s) -> {out.name}")
        write_weekly(project, rows)
        if args.with_approvals:
            print(f"  approvals -> {write_approvals(project, add_approvals(gl, project, rows)).name}")
        sections.append(summarize(project, rows))
    summary = OUT_DIR / "SUMMARY.md"
    summary.write_text("\n".join(sections))
    print(f"summary: {summary} ({gl.calls} API calls)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
