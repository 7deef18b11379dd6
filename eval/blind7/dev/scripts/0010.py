#!/usr/bin/env python3
"""List open pull requests waiting for review and post a digest to Slack."""
import json
import os
import sys
import urllib.request

GITHUB_API = "https://api.github.com"
REPO = os.environ.get("GITHUB_REPOSITORY", "acme/web")


def gh(path):
    token = os.environ.get("GITHUB_TOKEN")
    if not token:
        sys.exit("GITHUB_TOKEN not set")
    req = urllib.request.Request(f"{GITHUB_API}{path}", headers={
        "Authorization": f"Bearer {token}",
        "Accept": "application/vnd.github+json",
        "X-GitHub-Api-Version": "2022-11-28",
    })
    with urllib.request.urlopen(req, timeout=15) as r:
        return json.load(r)


def slack(text):
    hook = os.environ.get("SLACK_WEBHOOK_URL")
    if not hook or not hook.startswith("https://hooks.slack.com/"):
        print(text)
        return
    body = json.dumps({"text": text}).encode()
    req = urllib.request.Request(hook, data=body, headers={"Content-Type": "application/json"})
    urllib.request.urlopen(req, timeout=10)


def main():
    prs = gh(f"/repos/{REPO}/pulls?state=open&per_page=50")
    waiting = [p for p in prs if not p["draft"] and p["requested_reviewers"]]
    if not waiting:
        print("nothing waiting")
        return
    lines = [f"*{len(waiting)} PRs waiting for review in {REPO}*"]
    for p in waiting:
        who = ", ".join(r["login"] for r in p["requested_reviewers"])
        lines.append(f"- <{p['html_url']}|#{p['number']} {p['title']}> → {who}")
    slack("\n".join(lines))


if __name__ == "__main__":
    main()
