#!/usr/bin/env python3
"""tmp_release_notes.py - collect merged PRs since the last tag and draft release notes."""
import json
import os
import subprocess
import sys
import urllib.request

REPO = os.environ.get("GITHUB_REPOSITORY", "acme/web")
TOKEN = os.environ.get("GITHUB_TOKEN")
API = "https://api.github.com"

SECTIONS = {
    "feat": "Features",
    "fix": "Bug fixes",
    "perf": "Performance",
    "docs": "Documentation",
    "chore": "Maintenance",
}


def last_tag():
    out = subprocess.run(
        ["git", "describe", "--tags", "--abbrev=0"], capture_output=True, text=True
    )
    return out.stdout.strip() or None


def commits_since(tag):
    rng = f"{tag}..HEAD" if tag else "HEAD"
    out = subprocess.run(
        ["git", "log", rng, "--pretty=format:%H%x09%s"],
        capture_output=True,
        text=True,
        check=True,
    )
    for line in out.stdout.splitlines():
        sha, subject = line.split("\t", 1)
        yield sha, subject


def pr_for_commit(sha):
    req = urllib.request.Request(
        f"{API}/repos/{REPO}/commits/{sha}/pulls",
        headers={
            "Authorization": f"Bearer {TOKEN}",
            "Accept": "application/vnd.github+json",
        },
    )
    with urllib.request.urlopen(req, timeout=15) as r:
        data = json.load(r)
    return data[0] if data else None


def classify(subject):
    prefix = subject.split(":", 1)[0].split("(", 1)[0].strip()
    return SECTIONS.get(prefix, "Other")


def main():
    if not TOKEN:
        print("GITHUB_TOKEN not set", file=sys.stderr)
        return 1
    tag = last_tag()
    groups = {}
    for sha, subject in commits_since(tag):
        pr = pr_for_commit(sha)
        ref = f" (#{pr['number']})" if pr else ""
        groups.setdefault(classify(subject), []).append(f"- {subject}{ref}")
    lines = [f"## Changes since {tag or 'the beginning'}", ""]
    for section in list(SECTIONS.values()) + ["Other"]:
        items = groups.get(section)
        if not items:
            continue
        lines += [f"### {section}", *items, ""]
    os.makedirs("build", exist_ok=True)
    with open("build/RELEASE_NOTES.md", "w") as f:
        f.write("\n".join(lines))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
