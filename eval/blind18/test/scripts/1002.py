#!/usr/bin/env python3
"""Retry flaky GitLab CI jobs and report the ones that keep failing.

Looks at the last N pipelines of the default branch of each project in the
group, finds jobs that failed with a known-flaky reason (runner system
failure, stuck, script timeout) and, with --apply, retries them once.
Writes reports/flaky-jobs.csv. GITLAB_TOKEN is sent only to gitlab.com in
the PRIVATE-TOKEN header.
"""
import argparse
import csv
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from pathlib import Path

GITLAB = "https://gitlab.com/api/v4"
FLAKY_REASONS = {"runner_system_failure", "stuck_or_timeout_failure", "job_execution_timeout",
                 "scheduler_failure", "data_integrity_failure"}
REPORT = Path("reports") / "flaky-jobs.csv"


class GitLab:
    def __init__(self, token: str):
        self.token = token
        self.requests = 0

    def call(self, method: str, path: str, params: dict | None = None):
        query = f"?{urllib.parse.urlencode(params)}" if params else ""
        url = f"{GITLAB}/{path.lstrip('/')}{query}"
        req = urllib.request.Request(url, method=method)
        req.add_header("PRIVATE-TOKEN", self.token)
        for attempt in range(5):
            try:
                with urllib.request.urlopen(req, timeout=45) as resp:
                    self.requests += 1
                    body = resp.read()
                    return json.loads(body) if body else None, resp.headers
            except urllib.error.HTTPError as exc:
                if exc.code == 429:
                    wait = int(exc.headers.get("Retry-After", "5"))
                    time.sleep(min(wait, 60))
                    continue
                if exc.code >= 500 and attempt < 4:
                    time.sleep(1 + attempt * 2)
                    continue
                raise
        raise RuntimeError(f"giving up on {path}")

    def pages(self, path: str, params: dict | None = None, limit: int | None = None):
        page = 1
        seen = 0
        while True:
            data, headers = self.call("GET", path, {**(params or {}), "per_page": 100, "page": page})
            for item in data:
                yield item
                seen += 1
                if limit and seen >= limit:
                    return
            nxt = headers.get("X-Next-Page")
            if not nxt:
                return
            page = int(nxt)


def group_projects(gl: GitLab, group: str) -> list[dict]:
    gid = urllib.parse.quote(group, safe="")
    return [p for p in gl.pages(f"groups/{gid}/projects",
                                {"include_subgroups": "true", "archived": "false", "simple": "true"})]


def recent_pipelines(gl: GitLab, project: dict, count: int) -> list[dict]:
    ref = project.get("default_branch") or "main"
    return list(gl.pages(f"projects/{project['id']}/pipelines",
                         {"ref": ref, "order_by": "id", "sort": "desc"}, limit=count))


def failed_jobs(gl: GitLab, project_id: int, pipeline_id: int) -> list[dict]:
    return list(gl.pages(f"projects/{project_id}/pipelines/{pipeline_id}/jobs",
                         {"scope[]": "failed"}))


def classify(job: dict) -> str:
    reason = job.get("failure_reason") or "unknown"
    return "flaky" if reason in FLAKY_REASONS else "real"


def retry(gl: GitLab, project_id: int, job_id: int) -> int:
    data, _ = gl.call("POST", f"projects/{project_id}/jobs/{job_id}/retry")
    return data["id"]


def previous_report() -> dict[tuple[str, str], int]:
    """Counts from the last run, so we can tell whether flakiness is growing."""
    counts: dict[tuple[str, str], int] = {}
    if not REPORT.exists():
        return counts
    with REPORT.open(newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("kind") != "flaky":
                continue
            key = (row["project"], row["name"])
            counts[key] = counts.get(key, 0) + 1
    return counts


def trend(before: dict[tuple[str, str], int], rows: list[dict]) -> list[str]:
    now: dict[tuple[str, str], int] = {}
    for r in rows:
        if r["kind"] == "flaky":
            key = (r["project"], r["name"])
            now[key] = now.get(key, 0) + 1
    worse = []
    for key, n in sorted(now.items(), key=lambda kv: -kv[1]):
        if n > before.get(key, 0):
            worse.append(f"  {key[0]} :: {key[1]}: {before.get(key, 0)} -> {n}")
    return worse


def write_report(rows: list[dict]) -> None:
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    with REPORT.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["project", "pipeline", "job", "name", "stage",
                                                "reason", "kind", "retried_as"])
        writer.writeheader()
        writer.writerows(rows)


def summarize(rows: list[dict]) -> str:
    by_name = Counter((r["project"], r["name"]) for r in rows if r["kind"] == "flaky")
    lines = ["most frequently flaky jobs:"]
    for (project, name), n in by_name.most_common(10):
        lines.append(f"  {n:3d}  {project} :: {name}")
    reasons = Counter(r["reason"] for r in rows)
    lines.append("failure reasons: " + ", ".join(f"{k}={v}" for k, v in reasons.most_common()))
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description="retry flaky GitLab jobs")
    ap.add_argument("--group", default=os.environ.get("GITLAB_GROUP", "acme/logistics"))
    ap.add_argument("--pipelines", type=int, default=20)
    ap.add_argument("--apply", action="store_true", help="retry flaky jobs (default: report only)")
    ap.add_argument("--max-retries", type=int, default=10)
    args = ap.parse_args()

    token = os.environ.get("GITLAB_TOKEN")
    if not token:
        print("GITLAB_TOKEN is required", file=sys.stderr)
        return 2
    gl = GitLab(token)
    rows = []
    retried = 0
    for project in group_projects(gl, args.group):
        for pipeline in recent_pipelines(gl, project, args.pipelines):
            if pipeline["status"] != "failed":
                continue
            for job in failed_jobs(gl, project["id"], pipeline["id"]):
                kind = classify(job)
                row = {
                    "project": project["path_with_namespace"],
                    "pipeline": pipeline["id"],
                    "job": job["id"],
                    "name": job["name"],
                    "stage": job["stage"],
                    "reason": job.get("failure_reason") or "unknown",
                    "kind": kind,
                    "retried_as": "",
                }
                if kind == "flaky" and args.apply and retried < args.max_retries \
                        and pipeline["id"] == recent_pipelines(gl, project, 1)[0]["id"]:
                    row["retried_as"] = retry(gl, project["id"], job["id"])
                    retried += 1
                rows.append(row)
    worse = trend(previous_report(), rows)
    write_report(rows)
    print(summarize(rows))
    if worse:
        print("getting flakier since the last report:")
        print("\n".join(worse[:10]))
    print(f"{len(rows)} failed job(s), {retried} retried, {gl.requests} API calls; report: {REPORT}")
    if not args.apply:
        print("(report only; --apply retries flaky jobs of the latest pipeline)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
