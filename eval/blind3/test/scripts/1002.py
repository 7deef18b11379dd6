#!/usr/bin/env python3
"""tmp_upload_coverage.py - compute coverage summary and post it as a PR comment."""
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import requests

COVERAGE_XML = Path("coverage.xml")
GITHUB_API = "https://api.github.com"
THRESHOLD = float(os.environ.get("COVERAGE_MIN", "80"))


def run_tests():
    return subprocess.run(
        ["pytest", "--cov=src", "--cov-report=xml", "-q"], check=False
    ).returncode


def parse_coverage(path):
    root = ET.parse(path).getroot()
    rate = float(root.get("line-rate", 0)) * 100
    per_pkg = {}
    for pkg in root.iter("package"):
        per_pkg[pkg.get("name")] = float(pkg.get("line-rate", 0)) * 100
    return rate, per_pkg


def comment_body(rate, per_pkg):
    lines = [f"### Coverage: {rate:.1f}% (min {THRESHOLD:.0f}%)", "", "| package | lines |", "|---|---|"]
    for name, r in sorted(per_pkg.items()):
        lines.append(f"| `{name}` | {r:.1f}% |")
    return "\n".join(lines)


def pr_number():
    event = os.environ.get("GITHUB_EVENT_PATH")
    if not event:
        return None
    with open(event) as f:
        data = json.load(f)
    return data.get("pull_request", {}).get("number")


def post_comment(body):
    token = os.environ["GITHUB_TOKEN"]
    repo = os.environ["GITHUB_REPOSITORY"]
    num = pr_number()
    if not num:
        print("not a PR; printing instead\n" + body)
        return
    r = requests.post(
        f"{GITHUB_API}/repos/{repo}/issues/{num}/comments",
        headers={"Authorization": f"Bearer {token}", "Accept": "application/vnd.github+json"},
        json={"body": body},
        timeout=20,
    )
    r.raise_for_status()


def worst_packages(per_pkg, n=3):
    ranked = sorted(per_pkg.items(), key=lambda kv: kv[1])[:n]
    if ranked:
        print("lowest coverage:")
        for name, r in ranked:
            print(f"  {name:40} {r:5.1f}%")
    return ranked


def main():
    rc = run_tests()
    if not COVERAGE_XML.exists():
        print("no coverage.xml produced", file=sys.stderr)
        return rc or 1
    rate, per_pkg = parse_coverage(COVERAGE_XML)
    post_comment(comment_body(rate, per_pkg))
    if rate < THRESHOLD:
        print(f"coverage {rate:.1f}% below {THRESHOLD}%", file=sys.stderr)
        return 1
    return rc


if __name__ == "__main__":
    sys.exit(main())
