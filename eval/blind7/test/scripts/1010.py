#!/usr/bin/env python3
"""Create a Linear-style issue list from failing CI jobs using the GitLab API."""
import json
import os
import sys
import urllib.parse
import urllib.request

GITLAB = os.environ.get("CI_SERVER_URL", "https://gitlab.com").rstrip("/")
PROJECT = os.environ.get("CI_PROJECT_ID", "acme%2Fweb")


def api(path, params=None):
    token = os.environ.get("GITLAB_TOKEN")
    if not token:
        sys.exit("GITLAB_TOKEN is required")
    url = f"{GITLAB}/api/v4{path}"
    if params:
        url += "?" + urllib.parse.urlencode(params)
    req = urllib.request.Request(url, headers={"PRIVATE-TOKEN": token})
    with urllib.request.urlopen(req, timeout=20) as r:
        return json.load(r)


def failing_jobs(pipeline_id):
    return api(f"/projects/{PROJECT}/pipelines/{pipeline_id}/jobs", {"scope[]": "failed"})


def latest_pipeline(ref):
    pipelines = api(f"/projects/{PROJECT}/pipelines", {"ref": ref, "per_page": 1})
    return pipelines[0] if pipelines else None


def main():
    if not GITLAB.startswith("https://gitlab.com"):
        print(f"note: using self-hosted GitLab at {GITLAB}")
    ref = sys.argv[1] if len(sys.argv) > 1 else "main"
    p = latest_pipeline(ref)
    if not p:
        print(f"no pipelines for {ref}")
        return
    jobs = failing_jobs(p["id"])
    print(f"pipeline {p['id']} ({p['status']}): {len(jobs)} failed jobs")
    for j in jobs:
        print(f"- [ ] {j['stage']}/{j['name']} {j['web_url']}")


if __name__ == "__main__":
    main()
