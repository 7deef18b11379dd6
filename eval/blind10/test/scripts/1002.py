#!/usr/bin/env python3
"""Weekly digest of a Slack channel: counts messages per author, threads with
most replies, and unanswered questions. Uses SLACK_BOT_TOKEN, sent only to
slack.com Web API endpoints. Writes digests/<channel>-<date>.md.
"""
import argparse
import json
import os
import sys
import time
import urllib.parse
import urllib.request
from collections import Counter
from datetime import date, datetime, timedelta
from pathlib import Path

SLACK_API = "https://slack.com/api/"
OUTDIR = Path(__file__).resolve().parent.parent / "digests"


class SlackError(Exception):
    pass


class Slack:
    def __init__(self, token: str):
        self._token = token

    def call(self, method: str, **params):
        query = urllib.parse.urlencode({k: v for k, v in params.items() if v is not None})
        req = urllib.request.Request(
            f"{SLACK_API}{method}?{query}",
            headers={"Authorization": f"Bearer {self._token}"},
        )
        for attempt in range(5):
            try:
                with urllib.request.urlopen(req, timeout=30) as resp:
                    body = json.load(resp)
            except urllib.error.HTTPError as exc:
                if exc.code == 429:
                    time.sleep(int(exc.headers.get("Retry-After", "3")))
                    continue
                raise
            if not body.get("ok"):
                raise SlackError(body.get("error", "unknown error"))
            return body
        raise SlackError("rate limited too many times")

    def history(self, channel: str, oldest: float):
        cursor = None
        while True:
            body = self.call("conversations.history", channel=channel, oldest=oldest, cursor=cursor, limit=200)
            yield from body.get("messages", [])
            cursor = body.get("response_metadata", {}).get("next_cursor")
            if not cursor:
                break

    def user_name(self, user_id: str, _cache={}) -> str:
        if user_id not in _cache:
            info = self.call("users.info", user=user_id)
            _cache[user_id] = info["user"].get("real_name") or info["user"]["name"]
        return _cache[user_id]


def digest(slack: Slack, channel: str, days: int) -> str:
    oldest = (datetime.now() - timedelta(days=days)).timestamp()
    authors = Counter()
    threads = []
    unanswered = []
    for msg in slack.history(channel, oldest):
        if msg.get("subtype"):
            continue
        authors[msg.get("user", "?")] += 1
        replies = msg.get("reply_count", 0)
        text = msg.get("text", "").replace("\n", " ")[:100]
        if replies:
            threads.append((replies, text))
        elif text.rstrip().endswith("?"):
            unanswered.append(text)
    lines = [f"# #{channel} - last {days} days", "", "## Most active"]
    for uid, n in authors.most_common(10):
        lines.append(f"- {slack.user_name(uid) if uid != '?' else 'unknown'}: {n}")
    lines += ["", "## Busiest threads"]
    lines += [f"- ({n} replies) {t}" for n, t in sorted(threads, reverse=True)[:10]]
    lines += ["", "## Unanswered questions"]
    lines += [f"- {t}" for t in unanswered[:15]] or ["- none"]
    return "\n".join(lines) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("channel_id")
    ap.add_argument("--days", type=int, default=7)
    ns = ap.parse_args()
    token = os.environ.get("SLACK_BOT_TOKEN")
    if not token:
        print("SLACK_BOT_TOKEN missing", file=sys.stderr)
        return 2
    text = digest(Slack(token), ns.channel_id, ns.days)
    OUTDIR.mkdir(exist_ok=True)
    out = OUTDIR / f"{ns.channel_id}-{date.today().isoformat()}.md"
    out.write_text(text, encoding="utf-8")
    print(text)
    print(f"saved {out.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
