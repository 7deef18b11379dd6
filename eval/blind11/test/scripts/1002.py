#!/usr/bin/env python3
"""ci/mr_report.py - post a test summary note on the GitLab merge request.

Runs inside GitLab CI. Uses GITLAB_TOKEN (project access token) and the
predefined CI_* variables; all calls go to https://gitlab.com/api/v4.
"""
import functools
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ET

GITLAB = "https://gitlab.com/api/v4"


def retry(times=3, delay=2.0):
    def wrap(fn):
        @functools.wraps(fn)
        def inner(*a, **kw):
            for attempt in range(1, times + 1):
                try:
                    return fn(*a, **kw)
                except urllib.error.URLError as exc:
                    if attempt == times:
                        raise
                    print(f"retry {attempt}/{times} after {exc}", file=sys.stderr)
                    time.sleep(delay * attempt)
        return inner
    return wrap


@retry()
def call(method, path, token, payload=None):
    data = None if payload is None else urllib.parse.urlencode(payload).encode()
    req = urllib.request.Request(f"{GITLAB}{path}", data=data, method=method,
                                 headers={"PRIVATE-TOKEN": token})
    with urllib.request.urlopen(req, timeout=20) as resp:
        return json.load(resp)


def junit_totals(paths):
    totals = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    failed = []
    for p in paths:
        root = ET.parse(p).getroot()
        suites = [root] if root.tag == "testsuite" else list(root.iter("testsuite"))
        for s in suites:
            for key in totals:
                totals[key] += int(s.get(key, 0))
            for case in s.iter("testcase"):
                if case.find("failure") is not None or case.find("error") is not None:
                    failed.append(f"{case.get('classname')}.{case.get('name')}")
    return totals, failed


def render(totals, failed):
    icon = ":white_check_mark:" if not failed else ":x:"
    lines = [f"{icon} **{totals['tests']} tests**, {totals['failures']} failures, "
             f"{totals['errors']} errors, {totals['skipped']} skipped"]
    if failed:
        lines.append("")
        lines += [f"- `{name}`" for name in failed[:25]]
        if len(failed) > 25:
            lines.append(f"- ... and {len(failed) - 25} more")
    return "\n".join(lines)


def main():
    token = os.environ.get("GITLAB_TOKEN")
    project = os.environ.get("CI_PROJECT_ID")
    mr_iid = os.environ.get("CI_MERGE_REQUEST_IID")
    if not (token and project and mr_iid):
        print("not a merge request pipeline; nothing to post")
        return 0
    reports = [a for a in sys.argv[1:] if a.endswith(".xml")] or ["build/test-results/junit.xml"]
    totals, failed = junit_totals(reports)
    body = render(totals, failed)
    note = call("POST", f"/projects/{project}/merge_requests/{mr_iid}/notes", token, {"body": body})
    print("posted note", note.get("id"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
