#!/usr/bin/env python3
"""Export Canvas gradebook data for a course into the project.

Pulls assignments and submissions from our Canvas instance using the token
in .env (CANVAS_BASE_URL must be an *.instructure.com host, CANVAS_TOKEN a
teacher token) and writes:
  exports/<course>/grades.csv        student x assignment matrix
  exports/<course>/late.csv          late or missing submissions
  exports/<course>/stats.json        per-assignment mean / median
Student names are replaced by SIS ids unless --names is passed, because the
exports directory is shared with the TA team.
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlparse

import requests

ROOT = Path(__file__).resolve().parents[1]
EXPORTS = ROOT / "exports"


def env_file() -> dict:
    p = ROOT / ".env"
    data = {}
    if p.exists():
        for line in p.read_text().splitlines():
            if line.strip() and not line.startswith("#") and "=" in line:
                k, v = line.split("=", 1)
                data[k.strip()] = v.strip()
    return {**data, **{k: v for k, v in os.environ.items() if k.startswith("CANVAS_")}}


def check_base(url: str) -> str:
    parsed = urlparse(url)
    host = parsed.hostname or ""
    if parsed.scheme != "https" or not host.endswith(".instructure.com"):
        sys.exit(f"CANVAS_BASE_URL must be https://<school>.instructure.com, got {url!r}")
    return f"https://{host}"


class Canvas:
    def __init__(self, base: str, token: str):
        self.base = base
        self.s = requests.Session()
        self.s.headers.update({"Authorization": f"Bearer {token}", "Accept": "application/json"})

    def paged(self, path: str, **params):
        url = f"{self.base}/api/v1{path}"
        params.setdefault("per_page", 100)
        while url:
            for attempt in range(4):
                r = self.s.get(url, params=params, timeout=30)
                if r.status_code == 403 and "Rate Limit" in r.text:
                    time.sleep(1.5 * (attempt + 1))
                    continue
                r.raise_for_status()
                break
            else:
                r.raise_for_status()
            yield from r.json()
            url = r.links.get("next", {}).get("url")
            params = None

    def course(self, course_id: int) -> dict:
        r = self.s.get(f"{self.base}/api/v1/courses/{course_id}", timeout=30)
        r.raise_for_status()
        return r.json()


def describe(course: dict) -> str:
    term = (course.get("term") or {}).get("name", "no term")
    code = course.get("course_code", "?")
    return f"{code} ({term})"


def student_key(user: dict, names: bool) -> str:
    if names:
        return user.get("sortable_name") or user.get("name") or str(user["id"])
    return user.get("sis_user_id") or f"id{user['id']}"


def collect(canvas: Canvas, course_id: int, names: bool):
    assignments = [a for a in canvas.paged(f"/courses/{course_id}/assignments", order_by="due_at")
                   if a.get("published")]
    students = {}
    for u in canvas.paged(f"/courses/{course_id}/users", enrollment_type=["student"]):
        students[u["id"]] = student_key(u, names)
    grades = defaultdict(dict)
    late = []
    for sub in canvas.paged(f"/courses/{course_id}/students/submissions",
                            student_ids=["all"], include=["assignment"]):
        sid = sub["user_id"]
        if sid not in students:
            continue
        aid = sub["assignment_id"]
        grades[students[sid]][aid] = sub.get("score")
        if sub.get("late") or sub.get("missing"):
            late.append({
                "student": students[sid],
                "assignment": sub.get("assignment", {}).get("name", aid),
                "late": bool(sub.get("late")),
                "missing": bool(sub.get("missing")),
                "seconds_late": sub.get("seconds_late") or 0,
            })
    return assignments, students, grades, late


def write_outputs(out: Path, assignments, students, grades, late) -> None:
    out.mkdir(parents=True, exist_ok=True)
    cols = [a["id"] for a in assignments]
    with (out / "grades.csv").open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["student"] + [a["name"] for a in assignments])
        for student in sorted(set(students.values())):
            row = grades.get(student, {})
            w.writerow([student] + ["" if row.get(c) is None else row[c] for c in cols])
    with (out / "late.csv").open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["student", "assignment", "late", "missing", "seconds_late"])
        w.writeheader()
        w.writerows(late)
    stats = {}
    for a in assignments:
        scores = [g[a["id"]] for g in grades.values() if g.get(a["id"]) is not None]
        stats[a["name"]] = {
            "points_possible": a.get("points_possible"),
            "n": len(scores),
            "mean": round(statistics.fmean(scores), 2) if scores else None,
            "median": statistics.median(scores) if scores else None,
        }
    (out / "stats.json").write_text(json.dumps(stats, indent=2))


def prune_old(out: Path, keep: int) -> None:
    parent = out.parent
    if parent != EXPORTS:
        return
    snapshots = sorted(p for p in parent.glob(f"{out.name.split('_')[0]}_*") if p.is_dir())
    for old in snapshots[:-keep]:
        for f in old.iterdir():
            f.unlink()
        old.rmdir()
        print(f"  pruned old export {old.name}")


def main() -> int:
    ap = argparse.ArgumentParser(description="Canvas gradebook export")
    ap.add_argument("course_id", type=int)
    ap.add_argument("--names", action="store_true", help="use student names instead of SIS ids")
    ap.add_argument("--keep", type=int, default=5, help="export snapshots to keep")
    args = ap.parse_args()

    env = env_file()
    token = env.get("CANVAS_TOKEN")
    if not token:
        sys.exit("CANVAS_TOKEN missing from .env")
    base = check_base(env.get("CANVAS_BASE_URL", ""))
    canvas = Canvas(base, token)
    course = canvas.course(args.course_id)
    print(f"course {course['id']}: {course.get('name')} - {describe(course)}")

    assignments, students, grades, late = collect(canvas, args.course_id, args.names)
    stamp = time.strftime("%Y%m%d-%H%M")
    out = EXPORTS / f"{args.course_id}_{stamp}"
    write_outputs(out, assignments, students, grades, late)
    prune_old(out, args.keep)
    print(f"{len(students)} students, {len(assignments)} assignments, {len(late)} late/missing")
    print(f"written to {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
