#!/usr/bin/env python3
"""Summarise failed GitLab pipelines for the current project over the last week."""
import json
import os
import subprocess
import sys
import urllib.parse
import urllib.request
from collections import Counter
from datetime import datetime, timedelta, timezone

GITLAB = os.environ.get("GITLAB_URL", "https://gitlab.com")
TOKEN = os.environ.get("GITLAB_TOKEN", "")


def project_path():
    url = subprocess.run(["git", "remote", "get-url", "origin"],
                         capture_output=True, text=True, check=True).stdout.strip()
    path = url.split(":", 1)[-1] if url.startswith("git@") else urllib.parse.urlparse(url).path
    return path.strip("/").removesuffix(".git")


def api(path, **params):
    qs = urllib.parse.urlencode(params)
    req = urllib.request.Request(f"{GITLAB}/api/v4{path}?{qs}",
                                 headers={"PRIVATE-TOKEN": TOKEN})
    with urllib.request.urlopen(req, timeout=20) as resp:
        return json.load(resp)


def failed_pipelines(project, since):
    pid = urllib.parse.quote(project, safe="")
    page = 1
    while True:
        batch = api(f"/projects/{pid}/pipelines", status="failed",
                    updated_after=since.isoformat(), per_page=100, page=page)
        if not batch:
            return
        yield from batch
        page += 1


def failed_jobs(project, pipeline_id):
    pid = urllib.parse.quote(project, safe="")
    return api(f"/projects/{pid}/pipelines/{pipeline_id}/jobs", scope="failed")


def main():
    if not TOKEN:
        sys.exit("set GITLAB_TOKEN (read_api scope is enough)")
    project = project_path()
    since = datetime.now(timezone.utc) - timedelta(days=int(os.environ.get("DAYS", "7")))
    jobs = Counter()
    total = 0
    for p in failed_pipelines(project, since):
        total += 1
        for job in failed_jobs(project, p["id"]):
            jobs[(job["stage"], job["name"])] += 1
    print(f"{total} failed pipeline(s) in {project} since {since:%Y-%m-%d}")
    for (stage, name), n in jobs.most_common(15):
        print(f"{n:4d}  {stage:12s} {name}")


if __name__ == "__main__":
    main()
