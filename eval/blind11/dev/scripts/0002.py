#!/usr/bin/env python3
"""Post a coverage summary as a comment on the current pull request.

Used in CI: reads coverage.xml, GITHUB_TOKEN, GITHUB_REPOSITORY and PR_NUMBER
from the environment and talks only to api.github.com.
"""
import json
import os
import sys
import urllib.request
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

API = "https://api.github.com"
MARKER = "<!-- coverage-bot -->"


@dataclass
class PackageCoverage:
    name: str
    line_rate: float


@dataclass
class Report:
    total: float
    packages: list = field(default_factory=list)

    def to_markdown(self):
        rows = ["| package | lines |", "|---|---|"]
        for p in sorted(self.packages, key=lambda p: p.line_rate):
            rows.append(f"| `{p.name}` | {p.line_rate:.1%} |")
        return "\n".join([MARKER, f"**Total line coverage: {self.total:.1%}**", ""] + rows)


def parse_coverage(path="coverage.xml"):
    root = ET.parse(path).getroot()
    report = Report(total=float(root.get("line-rate", 0)))
    for pkg in root.iter("package"):
        report.packages.append(PackageCoverage(pkg.get("name"), float(pkg.get("line-rate", 0))))
    return report


class GitHub:
    def __init__(self, token, repo):
        self.token = token
        self.repo = repo

    def _request(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(API + path, data=data, method=method)
        req.add_header("Authorization", f"Bearer {self.token}")
        req.add_header("Accept", "application/vnd.github+json")
        req.add_header("X-GitHub-Api-Version", "2022-11-28")
        with urllib.request.urlopen(req, timeout=30) as resp:
            raw = resp.read()
            return json.loads(raw) if raw else None

    def comments(self, pr):
        return self._request("GET", f"/repos/{self.repo}/issues/{pr}/comments?per_page=100")

    def create_comment(self, pr, body):
        return self._request("POST", f"/repos/{self.repo}/issues/{pr}/comments", {"body": body})

    def update_comment(self, cid, body):
        return self._request("PATCH", f"/repos/{self.repo}/issues/comments/{cid}", {"body": body})


def main():
    token = os.environ.get("GITHUB_TOKEN")
    repo = os.environ.get("GITHUB_REPOSITORY")
    pr = os.environ.get("PR_NUMBER")
    if not (token and repo and pr):
        print("not a pull request build; skipping coverage comment")
        return 0
    report = parse_coverage()
    body = report.to_markdown()
    gh = GitHub(token, repo)
    existing = [c for c in gh.comments(pr) if MARKER in c.get("body", "")]
    if existing:
        gh.update_comment(existing[0]["id"], body)
        print("updated coverage comment", existing[0]["id"])
    else:
        created = gh.create_comment(pr, body)
        print("created coverage comment", created["id"])
    if report.total < float(os.environ.get("COVERAGE_MIN", "0.75")):
        print("coverage below threshold", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
