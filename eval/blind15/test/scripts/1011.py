#!/usr/bin/env python3
"""Daily error digest: top unresolved Sentry issues -> Slack.

Queries the Sentry REST API (sentry.io) for the project's unresolved issues
seen in the last 24h, ranks them by events and affected users, and posts a
compact message to Slack with chat.postMessage.

Environment:
    SENTRY_TOKEN      auth token with event:read
    SENTRY_ORG        organisation slug
    SENTRY_PROJECT    project slug
    SLACK_BOT_TOKEN   bot token with chat:write
    SLACK_CHANNEL     channel id (C...)

    python3 ops/sentry_digest.py --preview    # print instead of posting
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass

SENTRY = "https://sentry.io/api/0"
SLACK = "https://slack.com/api/chat.postMessage"
SLUG = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
CHANNEL = re.compile(r"^[CG][A-Z0-9]{8,}$")


@dataclass
class Issue:
    short_id: str
    title: str
    culprit: str
    count: int
    users: int
    first_seen: str
    permalink: str
    level: str

    @property
    def is_new(self) -> bool:
        try:
            first = time.mktime(time.strptime(self.first_seen[:19], "%Y-%m-%dT%H:%M:%S"))
        except ValueError:
            return False
        return time.time() - first < 86400


def env(name: str) -> str:
    value = os.environ.get(name, "").strip()
    if not value:
        raise SystemExit(f"{name} is not set")
    return value


def http_json(url: str, token: str, body: dict | None = None, retries: int = 3) -> object:
    data = json.dumps(body).encode() if body is not None else None
    for attempt in range(1, retries + 1):
        req = urllib.request.Request(url, data=data, method="POST" if data else "GET")
        req.add_header("Authorization", f"Bearer {token}")
        if data:
            req.add_header("Content-Type", "application/json; charset=utf-8")
        try:
            with urllib.request.urlopen(req, timeout=20) as resp:
                return json.load(resp)
        except urllib.error.HTTPError as exc:
            if exc.code in (429, 502, 503) and attempt < retries:
                time.sleep(float(exc.headers.get("Retry-After", attempt * 2)))
                continue
            raise
    raise RuntimeError("unreachable")


def fetch_issues(org: str, project: str, token: str, limit: int) -> list[Issue]:
    query = urllib.parse.urlencode({
        "query": "is:unresolved",
        "statsPeriod": "24h",
        "sort": "freq",
        "limit": str(limit),
    })
    raw = http_json(f"{SENTRY}/projects/{org}/{project}/issues/?{query}", token)
    issues = []
    for item in raw:  # type: ignore[union-attr]
        issues.append(Issue(
            short_id=item["shortId"],
            title=item["title"][:140],
            culprit=(item.get("culprit") or "")[:80],
            count=int(item.get("count", 0)),
            users=int(item.get("userCount", 0)),
            first_seen=item.get("firstSeen", ""),
            permalink=item["permalink"],
            level=item.get("level", "error"),
        ))
    return issues


def rank(issues: list[Issue]) -> list[Issue]:
    return sorted(issues, key=lambda i: (i.users * 10 + i.count, i.is_new), reverse=True)


def format_message(project: str, issues: list[Issue], top: int) -> tuple[str, list[dict]]:
    total_events = sum(i.count for i in issues)
    new = [i for i in issues if i.is_new]
    head = (f"*{project}*: {len(issues)} unresolved issue(s) in 24h, "
            f"{total_events} events, {len(new)} new")
    lines = []
    for issue in rank(issues)[:top]:
        badge = ":new: " if issue.is_new else ""
        lines.append(f"{badge}<{issue.permalink}|{issue.short_id}> {issue.title} "
                     f"- {issue.count} events / {issue.users} users")
    blocks = [{"type": "section", "text": {"type": "mrkdwn", "text": head}}]
    if lines:
        blocks.append({"type": "section", "text": {"type": "mrkdwn", "text": "\n".join(lines)}})
    else:
        blocks.append({"type": "section", "text": {"type": "mrkdwn", "text": ":tada: nothing unresolved"}})
    return head, blocks


def post(channel: str, text: str, blocks: list[dict]) -> str:
    token = env("SLACK_BOT_TOKEN")
    answer = http_json(SLACK, token, {"channel": channel, "text": text, "blocks": blocks,
                                      "unfurl_links": False})
    if not answer.get("ok"):  # type: ignore[union-attr]
        raise SystemExit(f"slack error: {answer.get('error')}")  # type: ignore[union-attr]
    return str(answer.get("ts"))  # type: ignore[union-attr]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--preview", action="store_true")
    ap.add_argument("--top", type=int, default=8)
    ap.add_argument("--limit", type=int, default=100)
    args = ap.parse_args(argv)

    org, project = env("SENTRY_ORG"), env("SENTRY_PROJECT")
    if not SLUG.match(org) or not SLUG.match(project):
        raise SystemExit("SENTRY_ORG / SENTRY_PROJECT must be slugs")
    issues = fetch_issues(org, project, env("SENTRY_TOKEN"), args.limit)
    text, blocks = format_message(project, issues, args.top)
    if args.preview:
        print(json.dumps(blocks, indent=2))
        return 0
    channel = env("SLACK_CHANNEL")
    if not CHANNEL.match(channel):
        raise SystemExit("SLACK_CHANNEL must be a channel id")
    ts = post(channel, text, blocks)
    print(f"posted digest ({len(issues)} issues) ts={ts}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
