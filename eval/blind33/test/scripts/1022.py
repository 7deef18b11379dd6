#!/usr/bin/env python3
"""Sync Timewarrior intervals into the team Kimai as timesheets.

Every Timewarrior interval tagged ``kimai:<project-id>`` (and optionally
``activity:<activity-id>``) of the selected range is mapped to a Kimai
timesheet.  Already synced intervals are remembered in
~/.cache/timew-kimai/synced.json (our own cache directory) keyed by the
interval start, so running the sync twice never creates duplicates.

    python billing/timew_to_kimai.py :week            # show what would be sent
    python billing/timew_to_kimai.py :week --apply    # create timesheets
    python billing/timew_to_kimai.py 2024-06-01 - 2024-06-30 --apply

Kimai runs at https://kimai.internal; the personal API token is read from
billing/.env (KIMAI_API_TOKEN) and sent only there, as a Bearer token.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

BILLING = Path(__file__).resolve().parent
ENV_FILE = BILLING / ".env"
CACHE_DIR = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "timew-kimai"
STATE = CACHE_DIR / "synced.json"
TIMEW_FORMAT = "%Y%m%dT%H%M%SZ"
RANGE_TOKEN = re.compile(r"^(:[a-z]+|\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?|-)$")


@dataclass
class Interval:
    start: dt.datetime
    end: dt.datetime
    project: int
    activity: int | None
    description: str
    tags: list[str]

    @property
    def key(self) -> str:
        return self.start.strftime(TIMEW_FORMAT)


def read_token() -> str:
    token = os.environ.get("KIMAI_API_TOKEN")
    if not token and ENV_FILE.exists():
        m = re.search(r"^KIMAI_API_TOKEN=(.+)$", ENV_FILE.read_text(), re.MULTILINE)
        token = m.group(1).strip() if m else None
    if not token:
        raise SystemExit("KIMAI_API_TOKEN not found in the environment or billing/.env")
    return token


def kimai_url() -> str:
    url = os.environ.get("KIMAI_URL", "https://kimai.internal").rstrip("/")
    host = urllib.request.urlparse(url).hostname or ""
    if not host.endswith(".internal"):
        raise SystemExit(f"KIMAI_URL must be the internal Kimai, got {host}")
    return url


def timew_export(range_args: list[str]) -> list[dict]:
    for token in range_args:
        if not RANGE_TOKEN.match(token):
            raise SystemExit(f"unsupported range token {token!r}")
    out = subprocess.run(["timew", "export", *range_args], capture_output=True, text=True, check=True).stdout
    return json.loads(out or "[]")


def parse_intervals(raw: list[dict], default_activity: int | None) -> list[Interval]:
    result = []
    for item in raw:
        if "end" not in item:
            continue
        tags = item.get("tags", [])
        project = next((t.split(":", 1)[1] for t in tags if t.startswith("kimai:")), None)
        if project is None or not project.isdigit():
            continue
        activity = next((t.split(":", 1)[1] for t in tags if t.startswith("activity:")), None)
        result.append(Interval(
            start=dt.datetime.strptime(item["start"], TIMEW_FORMAT).replace(tzinfo=dt.timezone.utc),
            end=dt.datetime.strptime(item["end"], TIMEW_FORMAT).replace(tzinfo=dt.timezone.utc),
            project=int(project),
            activity=int(activity) if activity and activity.isdigit() else default_activity,
            description=item.get("annotation", ""),
            tags=[t for t in tags if not t.startswith(("kimai:", "activity:"))],
        ))
    return result


def load_state() -> dict[str, int]:
    try:
        return json.loads(STATE.read_text())
    except (OSError, json.JSONDecodeError):
        return {}


def save_state(state: dict[str, int]) -> None:
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    tmp = STATE.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(state, indent=1, sort_keys=True))
    tmp.replace(STATE)


def post_timesheet(base: str, token: str, iv: Interval) -> int:
    body = {
        "begin": iv.start.astimezone().strftime("%Y-%m-%dT%H:%M:%S"),
        "end": iv.end.astimezone().strftime("%Y-%m-%dT%H:%M:%S"),
        "project": iv.project,
        "activity": iv.activity,
        "description": iv.description,
        "tags": ",".join(iv.tags),
    }
    req = urllib.request.Request(f"{base}/api/timesheets", data=json.dumps(body).encode(), method="POST",
                                 headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    for attempt in range(3):
        try:
            with urllib.request.urlopen(req, timeout=20) as resp:
                return int(json.load(resp)["id"])
        except urllib.error.HTTPError as err:
            if err.code in (429, 502, 503) and attempt < 2:
                time.sleep(2 ** attempt)
                continue
            raise SystemExit(f"Kimai rejected {iv.key}: {err.code} {err.read()[:200]!r}")
    raise SystemExit("unreachable")


def forget(keys: list[str]) -> None:
    """Drop entries from our sync cache (e.g. after deleting a timesheet in Kimai)."""
    state = load_state()
    for key in keys:
        if state.pop(key, None) is not None:
            print(f"forgot {key}")
    save_state(state)


def main() -> int:
    if len(sys.argv) > 2 and sys.argv[1] == "--forget":
        forget(sys.argv[2:])
        return 0
    parser = argparse.ArgumentParser(description="Timewarrior -> Kimai")
    parser.add_argument("range", nargs="+", help="timew range, e.g. :week or 2024-06-01 - 2024-06-30")
    parser.add_argument("--apply", action="store_true")
    parser.add_argument("--activity", type=int, default=None, help="default Kimai activity id")
    args = parser.parse_args()

    intervals = parse_intervals(timew_export(args.range), args.activity)
    state = load_state()
    pending = [iv for iv in intervals if iv.key not in state]
    missing_activity = [iv for iv in pending if iv.activity is None]
    if missing_activity:
        print(f"{len(missing_activity)} interval(s) lack activity:<id> and no --activity given; they are skipped")
        pending = [iv for iv in pending if iv.activity is not None]

    total = sum((iv.end - iv.start).total_seconds() for iv in pending) / 3600
    for iv in pending:
        hours = (iv.end - iv.start).total_seconds() / 3600
        print(f"{iv.start:%Y-%m-%d %H:%M} {hours:5.2f}h project={iv.project} activity={iv.activity} {iv.description}")
    print(f"{len(pending)} new interval(s), {total:.2f} h; {len(intervals) - len(pending)} already synced or skipped")
    if not args.apply or not pending:
        if pending:
            print("dry run; pass --apply to create the timesheets")
        return 0

    base, token = kimai_url(), read_token()
    for iv in pending:
        state[iv.key] = post_timesheet(base, token, iv)
        save_state(state)
    print(f"created {len(pending)} timesheet(s) in Kimai")
    return 0


if __name__ == "__main__":
    sys.exit(main())
