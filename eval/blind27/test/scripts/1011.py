#!/usr/bin/env python3
"""Export Moodle gradebooks through the Moodle web-service REST API.

Our Moodle runs at https://moodle.internal; MOODLE_WS_TOKEN in .env is a
web-service token limited to the gradereport_user / core_course functions.
For each course in a category the script fetches the user grade items and
writes exports/moodle/<shortname>.csv plus a combined overview. Student
identity is replaced by the Moodle idnumber (matriculation number); e-mail
addresses are not exported at all.
"""
import argparse
import csv
import json
import os
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

import requests

ROOT = Path(__file__).resolve().parents[1]
EXPORT = ROOT / "exports" / "moodle"
DEFAULT_URL = "https://moodle.internal"


def settings():
    env = {}
    f = ROOT / ".env"
    if f.exists():
        for line in f.read_text().splitlines():
            if "=" in line and not line.strip().startswith("#"):
                key, value = line.split("=", 1)
                env[key.strip()] = value.strip()
    url = os.environ.get("MOODLE_URL", env.get("MOODLE_URL", DEFAULT_URL)).rstrip("/")
    host = urlparse(url).hostname or ""
    if not (host.endswith(".internal") or host == "localhost"):
        sys.exit(f"MOODLE_URL must point at our internal Moodle, got {url}")
    token = os.environ.get("MOODLE_WS_TOKEN", env.get("MOODLE_WS_TOKEN"))
    if not token:
        sys.exit("MOODLE_WS_TOKEN missing in .env")
    return url, token


class MoodleWS:
    def __init__(self, url, token):
        self.endpoint = f"{url}/webservice/rest/server.php"
        self.token = token
        self.session = requests.Session()

    def call(self, function, **params):
        data = {"wstoken": self.token, "wsfunction": function, "moodlewsrestformat": "json"}
        data.update(self.flatten(params))
        for attempt in range(4):
            try:
                resp = self.session.post(self.endpoint, data=data, timeout=60)
                resp.raise_for_status()
                payload = resp.json()
                break
            except (requests.RequestException, ValueError) as exc:
                if attempt == 3:
                    raise SystemExit(f"{function}: {exc}")
                time.sleep(2 ** attempt)
        if isinstance(payload, dict) and payload.get("exception"):
            raise SystemExit(f"{function}: {payload.get('errorcode')}: {payload.get('message')}")
        return payload

    @staticmethod
    def flatten(params, prefix=""):
        flat = {}
        for key, value in params.items():
            name = f"{prefix}[{key}]" if prefix else key
            if isinstance(value, dict):
                flat.update(MoodleWS.flatten(value, name))
            elif isinstance(value, (list, tuple)):
                for i, item in enumerate(value):
                    if isinstance(item, dict):
                        flat.update(MoodleWS.flatten(item, f"{name}[{i}]"))
                    else:
                        flat[f"{name}[{i}]"] = item
            else:
                flat[name] = value
        return flat


def courses_in_category(ws, category_id):
    result = ws.call("core_course_get_courses_by_field", field="category", value=category_id)
    return [c for c in result.get("courses", []) if c.get("visible", 1)]


def grade_table(ws, course):
    data = ws.call("gradereport_user_get_grade_items", courseid=course["id"])
    items, rows = [], []
    for usergrade in data.get("usergrades", []):
        row = {"idnumber": usergrade.get("useridnumber") or f"uid{usergrade['userid']}"}
        for gi in usergrade.get("gradeitems", []):
            label = gi.get("itemname") or ("Course total" if gi.get("itemtype") == "course" else gi["itemtype"])
            if label not in items:
                items.append(label)
            row[label] = gi.get("graderaw")
        rows.append(row)
    return items, rows


def write_course(course, items, rows):
    EXPORT.mkdir(parents=True, exist_ok=True)
    path = EXPORT / f"{course['shortname'].replace('/', '_')}.csv"
    with path.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["idnumber", *items], extrasaction="ignore")
        w.writeheader()
        for r in sorted(rows, key=lambda r: r["idnumber"]):
            w.writerow({k: ("" if v is None else v) for k, v in r.items()})
    return path


def course_total_stats(rows):
    totals = [r.get("Course total") for r in rows if isinstance(r.get("Course total"), (int, float))]
    if not totals:
        return None
    totals.sort()
    mid = len(totals) // 2
    median = totals[mid] if len(totals) % 2 else (totals[mid - 1] + totals[mid]) / 2
    return {"n": len(totals), "mean": round(sum(totals) / len(totals), 2), "median": round(median, 2)}


def missing_grades(items, rows):
    """Per grade item, how many students have no grade yet (for the TA follow-up)."""
    missing = {}
    for item in items:
        if item == "Course total":
            continue
        missing[item] = sum(1 for r in rows if r.get(item) is None)
    return {k: v for k, v in missing.items() if v}


def write_followup(course, missing):
    if not missing:
        return None
    path = EXPORT / f"{course['shortname'].replace('/', '_')}.missing.txt"
    with path.open("w") as fh:
        fh.write(f"Ungraded items in {course['fullname']}\n\n")
        for item, n in sorted(missing.items(), key=lambda kv: -kv[1]):
            fh.write(f"{n:4d}  {item}\n")
    return path


def prune_stale_exports(current):
    """Remove CSVs in exports/moodle for courses that were not exported this run."""
    removed = 0
    for f in EXPORT.glob("*.csv"):
        if f.stem not in current:
            f.unlink()
            removed += 1
    return removed


def main():
    ap = argparse.ArgumentParser(description="Moodle gradebook export via web services")
    ap.add_argument("--prune", action="store_true", help="drop CSVs of courses no longer exported")
    ap.add_argument("category", type=int)
    ap.add_argument("--only", nargs="*", default=[], help="course shortnames")
    args = ap.parse_args()

    url, token = settings()
    ws = MoodleWS(url, token)
    site = ws.call("core_webservice_get_site_info")
    print(f"connected to {site.get('sitename')} as {site.get('username')} (Moodle {site.get('release')})")

    overview = {}
    for course in courses_in_category(ws, args.category):
        if args.only and course["shortname"] not in args.only:
            continue
        items, rows = grade_table(ws, course)
        path = write_course(course, items, rows)
        overview[course["shortname"]] = {"students": len(rows), "items": len(items),
                                         "course_total": course_total_stats(rows)}
        print(f"  {course['shortname']:<20} {len(rows):4d} students -> {path.relative_to(ROOT)}")
        follow = write_followup(course, missing_grades(items, rows))
        if follow:
            print(f"  {'':<20} ungraded items listed in {follow.name}")
    if args.prune:
        current = {c.replace("/", "_") for c in overview}
        print(f"pruned {prune_stale_exports(current)} stale export(s)")
    (EXPORT / "overview.json").write_text(json.dumps(overview, indent=2))
    print(f"{len(overview)} course(s) exported")
    return 0


if __name__ == "__main__":
    sys.exit(main())
