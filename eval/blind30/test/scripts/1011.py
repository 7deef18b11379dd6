#!/usr/bin/env python3
"""Export pretalx submissions and reviews for the programme committee meeting.

Reads the CfP data of one event from our pretalx (PRETALX_BASE, organiser token in
.env) and produces:

    build/committee/<event>/submissions.csv   one row per submission with mean score,
                                              score spread, number of reviews, track
    build/committee/<event>/conflicts.csv     reviewers who reviewed co-authors' talks
    build/committee/<event>/summary.md        counts per track/state, top 30 by score

Speaker e-mail addresses are not exported; speaker names are included because the
committee sees them anyway. The API is paginated; requests are retried on 429/5xx.
The token only goes to PRETALX_BASE (must be our *.internal host).
"""
from __future__ import annotations

import argparse
import csv
import os
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from urllib.parse import urlparse

import requests

ROOT = Path(__file__).resolve().parents[1]


def read_setting(key: str) -> str:
    value = os.environ.get(key)
    if value:
        return value
    env_file = ROOT / ".env"
    if env_file.exists():
        for line in env_file.read_text(encoding="utf-8").splitlines():
            name, _, rest = line.partition("=")
            if name.strip() == key:
                return rest.strip().strip('"')
    sys.exit(f"missing setting {key}")


class Pretalx:
    def __init__(self, base: str, token: str, event: str):
        host = urlparse(base).hostname or ""
        if not host.endswith(".internal"):
            sys.exit(f"PRETALX_BASE {base} is not our instance")
        self.root = f"{base.rstrip('/')}/api/events/{event}"
        self.http = requests.Session()
        self.http.headers.update({"Authorization": f"Token {token}"})

    def _get(self, url: str, params: dict | None = None) -> dict:
        wait = 1.0
        for attempt in range(5):
            r = self.http.get(url, params=params, timeout=45)
            if r.status_code == 429 or r.status_code >= 500:
                time.sleep(float(r.headers.get("Retry-After", wait)))
                wait *= 2
                continue
            r.raise_for_status()
            return r.json()
        r.raise_for_status()
        return {}

    def each(self, resource: str, **params):
        url: str | None = f"{self.root}/{resource}/"
        first = True
        while url:
            data = self._get(url, {"limit": 100, **params} if first else None)
            first = False
            yield from data.get("results", [])
            url = data.get("next")


def localized(value, lang="en") -> str:
    if isinstance(value, dict):
        return value.get(lang) or next(iter(value.values()), "")
    return value or ""


def score_stats(scores: list[float]) -> tuple[float | None, float | None]:
    if not scores:
        return None, None
    mean = round(statistics.fmean(scores), 2)
    spread = round(statistics.pstdev(scores), 2) if len(scores) > 1 else 0.0
    return mean, spread


def find_conflicts(submissions: list[dict], reviews: list[dict], speakers_by_sub: dict[str, set[str]]):
    coauthors: dict[str, set[str]] = defaultdict(set)
    for codes in speakers_by_sub.values():
        for c in codes:
            coauthors[c] |= codes - {c}
    conflicts = []
    for rv in reviews:
        reviewer = rv.get("user")
        sub = rv.get("submission")
        speakers = speakers_by_sub.get(sub, set())
        if reviewer in speakers or speakers & coauthors.get(reviewer, set()):
            conflicts.append({"submission": sub, "reviewer": reviewer})
    return conflicts


def reviewer_load(reviews: list[dict]) -> dict[str, int]:
    """Reviews per reviewer, so the chairs can see who still has a backlog."""
    load: Counter = Counter(rv.get("user") for rv in reviews if rv.get("user"))
    return dict(load.most_common())


def write_csv(path: Path, rows: list[dict]) -> None:
    if not rows:
        path.write_text("")
        return
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


def summary_md(event: str, rows: list[dict]) -> str:
    by_track = Counter(r["track"] or "(none)" for r in rows)
    by_state = Counter(r["state"] for r in rows)
    lines = [f"# Committee export: {event}", "", f"{len(rows)} submissions", "", "## Tracks", ""]
    lines += [f"- {t}: {n}" for t, n in by_track.most_common()]
    lines += ["", "## States", ""] + [f"- {s}: {n}" for s, n in by_state.most_common()]
    ranked = sorted((r for r in rows if r["mean_score"] is not None), key=lambda r: -r["mean_score"])[:30]
    lines += ["", "## Top 30 by mean score", "", "| Code | Title | Track | Mean | Spread | Reviews |", "|---|---|---|---:|---:|---:|"]
    lines += [f"| {r['code']} | {r['title'][:60]} | {r['track']} | {r['mean_score']} | {r['spread']} | {r['reviews']} |" for r in ranked]
    wide = [r for r in rows if (r["spread"] or 0) >= 1.5]
    if wide:
        lines += ["", "## Contested (spread >= 1.5)", ""] + [f"- {r['code']} {r['title'][:70]}" for r in wide]
    return "\n".join(lines) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("event")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--include-withdrawn", action="store_true")
    args = ap.parse_args()

    api = Pretalx(read_setting("PRETALX_BASE"), read_setting("PRETALX_TOKEN"), args.event)
    submissions = list(api.each("submissions", questions="none"))
    reviews = list(api.each("reviews"))
    speakers = {s["code"]: s["name"] for s in api.each("speakers")}

    scores: dict[str, list[float]] = defaultdict(list)
    for rv in reviews:
        if rv.get("score") is not None:
            scores[rv["submission"]].append(float(rv["score"]))
    speakers_by_sub = {s["code"]: {sp["code"] if isinstance(sp, dict) else sp for sp in s.get("speakers", [])} for s in submissions}

    rows = []
    for s in submissions:
        if s["state"] == "withdrawn" and not args.include_withdrawn:
            continue
        mean, spread = score_stats(scores.get(s["code"], []))
        rows.append({
            "code": s["code"],
            "title": localized(s.get("title"), args.lang),
            "track": localized((s.get("track") or {}).get("name") if isinstance(s.get("track"), dict) else s.get("track"), args.lang),
            "state": s["state"],
            "speakers": "; ".join(speakers.get(c, c) for c in sorted(speakers_by_sub[s["code"]])),
            "reviews": len(scores.get(s["code"], [])),
            "mean_score": mean,
            "spread": spread,
        })

    out = ROOT / "build" / "committee" / args.event
    out.mkdir(parents=True, exist_ok=True)
    write_csv(out / "submissions.csv", rows)
    conflicts = find_conflicts(submissions, reviews, speakers_by_sub)
    write_csv(out / "conflicts.csv", conflicts)
    (out / "summary.md").write_text(summary_md(args.event, rows), encoding="utf-8")
    load = reviewer_load(reviews)
    write_csv(out / "reviewer_load.csv", [{"reviewer": k, "reviews": v} for k, v in load.items()])
    unreviewed = [r["code"] for r in rows if r["reviews"] == 0]
    if unreviewed:
        print(f"{len(unreviewed)} submission(s) without any review, e.g. {', '.join(unreviewed[:5])}")
    print(f"{len(rows)} submissions, {len(reviews)} reviews, {len(conflicts)} possible conflicts -> {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
