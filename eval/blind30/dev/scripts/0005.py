#!/usr/bin/env python3
"""GTFS feed sanity checks for the regional transit feed before it is published.

Runs cheap structural checks in pure Python (required files, primary keys, referential
integrity, stop coordinates inside the service area, monotonic stop_times) and, when the
official MobilityData validator jar is present in tools/, also runs it and merges its
notice counts. The canonical field list is taken from the spec page on gtfs.org when
--refresh-spec is given and cached in the user's cache directory for this tool.

    python tools/gtfs_check.py data/gtfs/feed.zip --bbox 5.8,47.2,15.1,55.1
"""
import argparse
import csv
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.request
import zipfile
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parent
VALIDATOR_JAR = PROJECT / "tools" / "gtfs-validator-cli.jar"
REPORT_DIR = PROJECT / "build" / "gtfs-check"
SPEC_URL = "https://gtfs.org/documentation/schedule/reference/"
CACHE_DIR = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "gtfs-check"

REQUIRED = ["agency.txt", "stops.txt", "routes.txt", "trips.txt", "stop_times.txt"]
CALENDARS = ["calendar.txt", "calendar_dates.txt"]
KEYS = {
    "agency.txt": "agency_id",
    "stops.txt": "stop_id",
    "routes.txt": "route_id",
    "trips.txt": "trip_id",
}
REFS = [
    ("routes.txt", "agency_id", "agency.txt"),
    ("trips.txt", "route_id", "routes.txt"),
    ("stop_times.txt", "trip_id", "trips.txt"),
    ("stop_times.txt", "stop_id", "stops.txt"),
]


class Findings:
    def __init__(self):
        self.items = defaultdict(list)

    def add(self, code, detail, severity="ERROR"):
        self.items[(severity, code)].append(detail)

    def count(self, severity):
        return sum(len(v) for (sev, _), v in self.items.items() if sev == severity)

    def as_dict(self, limit=20):
        return {f"{sev}:{code}": {"count": len(v), "examples": v[:limit]}
                for (sev, code), v in sorted(self.items.items())}


def read_table(zf, name):
    with zf.open(name) as raw:
        text = io.TextIOWrapper(raw, encoding="utf-8-sig", newline="")
        return list(csv.DictReader(text))


def parse_time(value):
    h, m, s = (int(x) for x in value.split(":"))
    return h * 3600 + m * 60 + s


def check_structure(zf, findings):
    names = set(zf.namelist())
    for req in REQUIRED:
        if req not in names:
            findings.add("missing_file", req)
    if not any(c in names for c in CALENDARS):
        findings.add("missing_calendar", "neither calendar.txt nor calendar_dates.txt")
    return {n: read_table(zf, n) for n in names if n.endswith(".txt")}


def check_keys(tables, findings):
    ids = {}
    for table, key in KEYS.items():
        seen = set()
        for i, row in enumerate(tables.get(table, []), start=2):
            value = row.get(key) or ("" if table != "agency.txt" else "_default")
            if not value:
                findings.add("empty_key", f"{table}:{i}")
            elif value in seen:
                findings.add("duplicate_key", f"{table}:{i} {value}")
            seen.add(value)
        ids[table] = seen
    for table, col, target in REFS:
        known = ids.get(target, set())
        for i, row in enumerate(tables.get(table, []), start=2):
            value = row.get(col)
            if value and value not in known:
                findings.add("foreign_key", f"{table}:{i} {col}={value}")


def check_stops(tables, bbox, findings):
    if not bbox:
        return
    west, south, east, north = bbox
    for row in tables.get("stops.txt", []):
        try:
            lat, lon = float(row["stop_lat"]), float(row["stop_lon"])
        except (KeyError, ValueError):
            findings.add("bad_coordinate", row.get("stop_id", "?"))
            continue
        if not (south <= lat <= north and west <= lon <= east):
            findings.add("stop_outside_bbox", f"{row['stop_id']} {lat},{lon}", "WARNING")


def check_stop_times(tables, findings):
    by_trip = defaultdict(list)
    for row in tables.get("stop_times.txt", []):
        by_trip[row["trip_id"]].append(row)
    for trip, rows in by_trip.items():
        rows.sort(key=lambda r: int(r["stop_sequence"]))
        last = -1
        for r in rows:
            t = r.get("departure_time") or r.get("arrival_time")
            if not t:
                continue
            try:
                secs = parse_time(t)
            except ValueError:
                findings.add("bad_time", f"{trip} seq {r['stop_sequence']} {t}")
                continue
            if secs < last:
                findings.add("time_travel", f"{trip} seq {r['stop_sequence']}")
            last = secs
        if len(rows) < 2:
            findings.add("trip_with_one_stop", trip, "WARNING")


def refresh_spec():
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    req = urllib.request.Request(SPEC_URL, headers={"User-Agent": "gtfs-check/1.2"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        html = resp.read()
    tmp = CACHE_DIR / "reference.html.part"
    tmp.write_bytes(html)
    tmp.replace(CACHE_DIR / "reference.html")
    return len(html)


def run_official_validator(feed, findings):
    if not VALIDATOR_JAR.exists() or not shutil.which("java"):
        print("official validator not available, skipping")
        return
    out = Path(tempfile.mkdtemp(prefix="gtfs-validator-"))
    try:
        argv = ["java", "-Xmx4g", "-jar", str(VALIDATOR_JAR), "-i", str(feed), "-o", str(out)]
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=1800)
        if proc.returncode != 0:
            findings.add("validator_failed", proc.stderr[-500:])
            return
        report = json.loads((out / "report.json").read_text())
        for notice in report.get("notices", []):
            sev = notice.get("severity", "INFO")
            findings.items[(sev, "mobilitydata:" + notice["code"])].extend(
                [f"{notice.get('totalNotices', 0)} notices"])
        REPORT_DIR.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(out / "report.html", REPORT_DIR / "mobilitydata-report.html")
    finally:
        shutil.rmtree(out, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("feed", type=Path)
    ap.add_argument("--bbox", help="west,south,east,north")
    ap.add_argument("--refresh-spec", action="store_true")
    ap.add_argument("--skip-official", action="store_true")
    args = ap.parse_args()
    bbox = tuple(float(x) for x in args.bbox.split(",")) if args.bbox else None

    if args.refresh_spec:
        print(f"cached spec page ({refresh_spec()} bytes) in {CACHE_DIR}")
    findings = Findings()
    with zipfile.ZipFile(args.feed) as zf:
        tables = check_structure(zf, findings)
    check_keys(tables, findings)
    check_stops(tables, bbox, findings)
    check_stop_times(tables, findings)
    if not args.skip_official:
        run_official_validator(args.feed, findings)

    REPORT_DIR.mkdir(parents=True, exist_ok=True)
    (REPORT_DIR / "findings.json").write_text(json.dumps(findings.as_dict(), indent=2))
    for (sev, code), details in sorted(findings.items.items()):
        print(f"{sev:8} {code:32} {len(details)}")
    errors = findings.count("ERROR")
    print(f"{errors} error(s), {findings.count('WARNING')} warning(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
