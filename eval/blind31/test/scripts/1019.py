#!/usr/bin/env python3
"""Meeting-load report for the research group's shared calendars.

Reads events through `khal list --json` using the project's own khal config
(config/khal.conf, which points at the vdir the group syncs into
build/calendars/). Optionally refreshes that vdir first with vdirsyncer, again
with the project's config (config/vdirsyncer.conf) — the user's personal
khal/vdirsyncer setup is not read or changed.

Output: reports/meeting-load-<from>-<to>.csv with hours per person per week,
plus a short table on stdout.

    python tools/meeting_load.py --weeks 6
    python tools/meeting_load.py --weeks 6 --sync     # pull from the group CalDAV first

Calendars are expected to be named group-<person> in the synced vdir; other
calendars (room bookings, holidays) are ignored. All-day events never count.
The CSV is meant for the group's retro, not for HR: it contains hours per
week per person and nothing about meeting titles or attendees.
"""
from __future__ import annotations

import argparse
import csv
import datetime as dt
import json
import os
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
KHAL_CONF = REPO / "config" / "khal.conf"
VDIRSYNCER_CONF = REPO / "config" / "vdirsyncer.conf"
REPORTS = REPO / "reports"
FIELDS = ("title", "start", "end", "calendar", "location", "all-day", "description")
PERSON_FROM_CALENDAR = re.compile(r"^group-(?P<person>[a-z]+)$")


def run(argv: list[str], env: dict[str, str] | None = None) -> str:
    proc = subprocess.run(argv, capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        raise RuntimeError(f"{argv[0]} failed ({proc.returncode}): {proc.stderr.strip()[:400]}")
    return proc.stdout


def sync() -> None:
    env = dict(os.environ, VDIRSYNCER_CONFIG=str(VDIRSYNCER_CONF))
    # status dir and collections live under build/ (see config/vdirsyncer.conf)
    run(["vdirsyncer", "metasync"], env=env)
    run(["vdirsyncer", "sync", "group_calendars"], env=env)


def khal_events(start: dt.date, days: int) -> list[dict]:
    argv = ["khal", "-c", str(KHAL_CONF), "list", "--day-format", ""]
    for field in FIELDS:
        argv += ["--json", field]
    argv += [start.isoformat(), f"{days}d"]
    events: list[dict] = []
    for line in run(argv).splitlines():
        line = line.strip()
        if not line:
            continue
        chunk = json.loads(line)
        events.extend(chunk if isinstance(chunk, list) else [chunk])
    return events


def parse_time(value: str) -> dt.datetime | None:
    for fmt in ("%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d"):
        try:
            return dt.datetime.strptime(value[:19], fmt)
        except ValueError:
            continue
    return None


def person_of(event: dict) -> str | None:
    m = PERSON_FROM_CALENDAR.match(event.get("calendar", ""))
    return m.group("person") if m else None


def week_of(day: dt.datetime) -> str:
    iso = day.isocalendar()
    return f"{iso.year}-W{iso.week:02d}"


def aggregate(events: list[dict]) -> tuple[dict[str, dict[str, float]], list[str]]:
    hours: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    skipped = []
    for ev in events:
        if ev.get("all-day") in (True, "True", "true"):
            continue
        person = person_of(ev)
        start, end = parse_time(ev.get("start", "")), parse_time(ev.get("end", ""))
        if not person or not start or not end or end <= start:
            skipped.append(ev.get("title", "?"))
            continue
        hours[person][week_of(start)] += (end - start).total_seconds() / 3600
    return hours, skipped


def write_csv(hours: dict[str, dict[str, float]], start: dt.date, end: dt.date) -> Path:
    REPORTS.mkdir(parents=True, exist_ok=True)
    weeks = sorted({w for per in hours.values() for w in per})
    path = REPORTS / f"meeting-load-{start.isoformat()}-{end.isoformat()}.csv"
    tmp = path.with_suffix(".tmp")
    with tmp.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["person", *weeks, "average"])
        for person in sorted(hours):
            values = [round(hours[person].get(w, 0.0), 1) for w in weeks]
            avg = round(sum(values) / len(values), 1) if values else 0.0
            writer.writerow([person, *values, avg])
    tmp.replace(path)
    return path


def print_table(hours: dict[str, dict[str, float]], threshold: float) -> None:
    print(f"{'person':<12} {'avg h/week':>10} {'max week':>10}")
    for person in sorted(hours, key=lambda p: -sum(hours[p].values())):
        weeks = hours[person]
        avg = sum(weeks.values()) / max(len(weeks), 1)
        worst_week = max(weeks, key=weeks.get) if weeks else "-"
        flag = "  <-- above threshold" if avg > threshold else ""
        print(f"{person:<12} {avg:>10.1f} {worst_week:>10}{flag}")


def busiest_slots(events: list[dict], top: int = 5) -> list[tuple[str, int]]:
    """Weekday/hour slots with the most overlapping meetings, for scheduling advice."""
    counts: dict[str, int] = defaultdict(int)
    for ev in events:
        start = parse_time(ev.get("start", ""))
        end = parse_time(ev.get("end", ""))
        if not start or not end or ev.get("all-day") in (True, "True", "true"):
            continue
        cursor = start.replace(minute=0, second=0)
        while cursor < end:
            counts[cursor.strftime("%a %H:00")] += 1
            cursor += dt.timedelta(hours=1)
    return sorted(counts.items(), key=lambda kv: -kv[1])[:top]


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--weeks", type=int, default=4)
    parser.add_argument("--start", type=dt.date.fromisoformat, default=None, help="YYYY-MM-DD (default: last Monday)")
    parser.add_argument("--sync", action="store_true", help="run vdirsyncer with the project config first")
    parser.add_argument("--threshold", type=float, default=15.0, help="hours/week flagged as high")
    args = parser.parse_args(argv)

    if not KHAL_CONF.exists():
        print(f"missing {KHAL_CONF.relative_to(REPO)}", file=sys.stderr)
        return 2
    today = dt.date.today()
    start = args.start or today - dt.timedelta(days=today.weekday())
    days = args.weeks * 7
    end = start + dt.timedelta(days=days)
    try:
        if args.sync:
            sync()
        events = khal_events(start, days)
    except RuntimeError as exc:
        print(exc, file=sys.stderr)
        return 1
    hours, skipped = aggregate(events)
    path = write_csv(hours, start, end)
    print_table(hours, args.threshold)
    if skipped:
        print(f"{len(skipped)} events skipped (no owner calendar or bad times)")
    slots = busiest_slots(events)
    if slots:
        print("busiest slots: " + ", ".join(f"{slot} ({n})" for slot, n in slots))
    print(f"report: {path.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
