#!/usr/bin/env python3
"""Summarise the dev/staging JSON logs and optionally post the digest to Slack.

Reads logs/*.jsonl (and rotated .gz files) written by the relay services, groups
errors by a normalised message fingerprint, and prints the top offenders.  With
``--post`` the digest goes to the team channel through Slack's chat.postMessage
API using the bot token from SLACK_BOT_TOKEN (or the project's .env).

The token is only ever placed in the Authorization header of requests to
slack.com; it is never printed or written to disk.
"""
from __future__ import annotations

import argparse
import collections
import datetime as dt
import gzip
import io
import json
import os
import re
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[1]
LOG_DIR = ROOT / "logs"
SLACK_API = "https://slack.com/api/chat.postMessage"
DEFAULT_CHANNEL = "#relay-dev-alerts"
NORMALISERS = [
    (re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b"), "<uuid>"),
    (re.compile(r"\b\d{3,}\b"), "<n>"),
    (re.compile(r"'[^']{12,}'"), "'<str>'"),
    (re.compile(r"/tmp/[\w.\-/]+"), "<tmp>"),
]
LEVELS = ("debug", "info", "warning", "error", "critical")


def env_value(name: str) -> str | None:
    if os.environ.get(name):
        return os.environ[name]
    dotenv = ROOT / ".env"
    if dotenv.exists():
        for line in dotenv.read_text().splitlines():
            if line.startswith(f"{name}="):
                return line.split("=", 1)[1].strip().strip('"')
    return None


def open_log(path: Path) -> io.TextIOBase:
    if path.suffix == ".gz":
        return io.TextIOWrapper(gzip.open(path, "rb"), encoding="utf-8", errors="replace")
    return path.open("r", encoding="utf-8", errors="replace")


def records(paths: list[Path], since: dt.datetime) -> Iterator[dict]:
    for path in paths:
        with open_log(path) as fh:
            for line_no, line in enumerate(fh, 1):
                line = line.strip()
                if not line.startswith("{"):
                    continue
                try:
                    rec = json.loads(line)
                except json.JSONDecodeError:
                    continue
                ts = rec.get("ts") or rec.get("time")
                if ts:
                    try:
                        when = dt.datetime.fromisoformat(str(ts).replace("Z", "+00:00"))
                    except ValueError:
                        when = None
                    if when and when.replace(tzinfo=None) < since:
                        continue
                rec["_src"] = f"{path.name}:{line_no}"
                yield rec


def fingerprint(message: str) -> str:
    for pattern, repl in NORMALISERS:
        message = pattern.sub(repl, message)
    return message[:160]


def analyse(recs: Iterator[dict], min_level: str):
    threshold = LEVELS.index(min_level)
    by_fp: dict[str, dict] = {}
    per_service = collections.Counter()
    total = 0
    for rec in recs:
        level = str(rec.get("level", "info")).lower()
        if level not in LEVELS or LEVELS.index(level) < threshold:
            continue
        total += 1
        service = rec.get("service", "unknown")
        per_service[service] += 1
        fp = fingerprint(str(rec.get("msg", "")))
        entry = by_fp.setdefault(fp, {"count": 0, "services": set(), "example": rec["_src"],
                                      "level": level})
        entry["count"] += 1
        entry["services"].add(service)
    return total, per_service, by_fp


def render(total: int, per_service, by_fp, top: int, since: dt.datetime) -> str:
    lines = [f"*Relay log digest* since {since:%Y-%m-%d %H:%M} - {total} matching records"]
    if per_service:
        lines.append("By service: " + ", ".join(f"{s}={n}" for s, n in per_service.most_common()))
    ranked = sorted(by_fp.items(), key=lambda kv: kv[1]["count"], reverse=True)[:top]
    for fp, info in ranked:
        services = ",".join(sorted(info["services"]))
        lines.append(f"- `{info['count']:>5}` [{info['level']}] {fp} ({services}; e.g. {info['example']})")
    if not ranked:
        lines.append("No matching records. :tada:")
    return "\n".join(lines)


def post_to_slack(text: str, channel: str, token: str) -> None:
    payload = json.dumps({"channel": channel, "text": text, "unfurl_links": False}).encode()
    req = urllib.request.Request(SLACK_API, data=payload, method="POST", headers={
        "Authorization": f"Bearer {token}",
        "Content-Type": "application/json; charset=utf-8",
    })
    delay = 1.0
    for attempt in range(5):
        try:
            with urllib.request.urlopen(req, timeout=15) as resp:
                body = json.load(resp)
            if body.get("ok"):
                print(f"posted to {channel} (ts={body.get('ts')})")
                return
            if body.get("error") == "ratelimited":
                time.sleep(delay)
                delay *= 2
                continue
            raise SystemExit(f"Slack API error: {body.get('error')}")
        except urllib.error.HTTPError as exc:
            if exc.code == 429:
                retry = float(exc.headers.get("Retry-After", delay))
                time.sleep(retry)
                continue
            raise
        except urllib.error.URLError as exc:
            print(f"network error ({exc.reason}); retry {attempt + 1}/5", file=sys.stderr)
            time.sleep(delay)
            delay *= 2
    raise SystemExit("could not post to Slack after 5 attempts")


def main() -> int:
    parser = argparse.ArgumentParser(description="summarise project JSON logs")
    parser.add_argument("--hours", type=float, default=24)
    parser.add_argument("--level", choices=LEVELS, default="error")
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--include-rotated", action="store_true")
    parser.add_argument("--post", action="store_true", help="post the digest to Slack")
    parser.add_argument("--channel", default=DEFAULT_CHANNEL)
    parser.add_argument("--output", type=Path, default=ROOT / "build" / "log-digest.md")
    args = parser.parse_args()

    if not LOG_DIR.is_dir():
        print(f"{LOG_DIR} does not exist", file=sys.stderr)
        return 1
    paths = sorted(LOG_DIR.glob("*.jsonl"))
    if args.include_rotated:
        paths += sorted(LOG_DIR.glob("*.jsonl.*.gz"))
    since = dt.datetime.utcnow() - dt.timedelta(hours=args.hours)
    total, per_service, by_fp = analyse(records(paths, since), args.level)
    digest = render(total, per_service, by_fp, args.top, since)
    print(digest)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(digest + "\n")

    if args.post:
        token = env_value("SLACK_BOT_TOKEN")
        if not token:
            print("SLACK_BOT_TOKEN missing; not posting", file=sys.stderr)
            return 1
        post_to_slack(digest, args.channel, token)
    return 0


if __name__ == "__main__":
    sys.exit(main())
