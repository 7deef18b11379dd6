#!/usr/bin/env python3
"""Replay GitLab webhook events against the local merge-bot.

The bot listens on http://127.0.0.1:9292/hooks/gitlab and checks the
X-Gitlab-Token header against GITLAB_WEBHOOK_TOKEN from the project's .env.

Event sources:
  * fixtures in tests/fixtures/gitlab/<event>/*.json (default)
  * --from-api N: fetch the last N merge requests of the project from
    gitlab.com with GITLAB_API_TOKEN and synthesise "Merge Request Hook"
    payloads from them (read-only API calls)

Examples:
    python3 tools/gitlab_replay.py
    python3 tools/gitlab_replay.py --event "Note Hook" --delay 0.5
    python3 tools/gitlab_replay.py --from-api 10 --project group/merge-bot
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures" / "gitlab"
BOT_URL = "http://127.0.0.1:9292/hooks/gitlab"
GITLAB_API = "https://gitlab.com/api/v4"
EVENT_DIRS = {
    "Merge Request Hook": "merge_request",
    "Note Hook": "note",
    "Pipeline Hook": "pipeline",
    "Push Hook": "push",
}


def dotenv_values(path: Path) -> dict[str, str]:
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export "):]
        key, sep, value = line.partition("=")
        if sep:
            values[key.strip()] = value.strip().strip("'\"")
    return values


ENV = {**dotenv_values(REPO / ".env"), **os.environ}


def require(name: str) -> str:
    value = ENV.get(name)
    if not value:
        raise SystemExit(f"{name} is not set (.env or environment)")
    return value


def post_to_bot(event: str, payload: dict, token: str, retries: int = 3) -> tuple[int, str]:
    body = json.dumps(payload).encode()
    req = urllib.request.Request(
        BOT_URL,
        data=body,
        method="POST",
        headers={
            "Content-Type": "application/json",
            "X-Gitlab-Event": event,
            "X-Gitlab-Token": token,
            "X-Gitlab-Event-UUID": f"replay-{int(time.time() * 1000)}",
        },
    )
    last_error = ""
    for attempt in range(retries):
        try:
            with urllib.request.urlopen(req, timeout=15) as resp:
                return resp.status, resp.read(500).decode(errors="replace")
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read(500).decode(errors="replace")
        except urllib.error.URLError as exc:
            last_error = str(exc.reason)
            time.sleep(0.5 * 2 ** attempt)
    return 0, last_error


def gitlab_get(path: str, token: str, params: dict | None = None):
    url = f"{GITLAB_API}{path}"
    if params:
        url += "?" + urllib.parse.urlencode(params)
    req = urllib.request.Request(url, headers={"PRIVATE-TOKEN": token, "Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read())


def fixture_events(only: str | None):
    for event, folder in EVENT_DIRS.items():
        if only and event != only:
            continue
        for path in sorted((FIXTURES / folder).glob("*.json")):
            yield event, path.name, json.loads(path.read_text())


def api_events(project: str, count: int):
    token = require("GITLAB_API_TOKEN")
    encoded = urllib.parse.quote(project, safe="")
    mrs = gitlab_get(f"/projects/{encoded}/merge_requests", token,
                     {"per_page": min(count, 100), "order_by": "updated_at", "state": "all"})
    for mr in mrs[:count]:
        payload = {
            "object_kind": "merge_request",
            "event_type": "merge_request",
            "project": {"path_with_namespace": project, "id": mr["project_id"]},
            "object_attributes": {
                "iid": mr["iid"],
                "title": mr["title"],
                "state": mr["state"],
                "action": "update",
                "source_branch": mr["source_branch"],
                "target_branch": mr["target_branch"],
                "draft": mr.get("draft", False),
                "labels": mr.get("labels", []),
            },
            "user": {"username": mr["author"]["username"]},
        }
        yield "Merge Request Hook", f"mr-{mr['iid']}", payload


def bot_alive() -> bool:
    """The merge-bot exposes /healthz next to the hook route."""
    health = BOT_URL.rsplit("/hooks/", 1)[0] + "/healthz"
    try:
        with urllib.request.urlopen(health, timeout=3) as resp:
            return resp.status == 200
    except (urllib.error.URLError, ConnectionError):
        return False


def summarise(results: list[dict]) -> dict[str, dict[str, int]]:
    per_event: dict[str, dict[str, int]] = {}
    for r in results:
        bucket = per_event.setdefault(r["event"], {"ok": 0, "failed": 0})
        bucket["ok" if r["ok"] else "failed"] += 1
    return per_event


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--event", choices=sorted(EVENT_DIRS))
    ap.add_argument("--from-api", type=int, metavar="N")
    ap.add_argument("--project", default="platform/merge-bot")
    ap.add_argument("--delay", type=float, default=0.0)
    ap.add_argument("--fail-fast", action="store_true")
    args = ap.parse_args()

    token = require("GITLAB_WEBHOOK_TOKEN")
    if not bot_alive():
        raise SystemExit("merge-bot is not running on 127.0.0.1:9292 (make bot)")
    source = api_events(args.project, args.from_api) if args.from_api else fixture_events(args.event)
    results = []
    for event, name, payload in source:
        status, text = post_to_bot(event, payload, token)
        ok = 200 <= status < 300
        results.append({"event": event, "name": name, "status": status, "ok": ok, "body": text[:200]})
        print(f"{'ok  ' if ok else 'FAIL'} {status:3} {event:20} {name}")
        if not ok and args.fail_fast:
            break
        if args.delay:
            time.sleep(args.delay)

    out = REPO / "build" / "gitlab-replay.json"
    out.parent.mkdir(exist_ok=True, parents=True)
    out.write_text(json.dumps(results, indent=2))
    for event, counts in summarise(results).items():
        print(f"  {event:20} ok={counts['ok']} failed={counts['failed']}")
    failed = sum(not r["ok"] for r in results)
    print(f"{len(results) - failed}/{len(results)} accepted ({out.relative_to(REPO)})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
