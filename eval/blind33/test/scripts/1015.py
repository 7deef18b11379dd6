#!/usr/bin/env python3
"""Dataset freshness check against the lineage recorded in Marquez.

For every dataset listed in catalog/freshness.yaml (namespace, name, maximum
age), look up the most recent *completed* run of any job that writes the
dataset, using the Marquez API (MARQUEZ_URL, default http://localhost:5000;
CI uses http://marquez.internal:5000).  Report datasets whose last successful
write is older than allowed, datasets that have no producing job at all, and
jobs whose last run failed.

Results are printed as a table and written to build/freshness.json; with
--notify the summary is posted to the team's Slack incoming webhook
(SLACK_WEBHOOK_URL from .env, which is a hooks.slack.com URL).

    python catalog/freshness.py
    python catalog/freshness.py --notify --only orders,customers
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import yaml

CATALOG = Path(__file__).resolve().parent
ROOT = CATALOG.parent
SPEC = CATALOG / "freshness.yaml"
OUTPUT = ROOT / "build" / "freshness.json"


@dataclass
class Finding:
    dataset: str
    status: str  # fresh | stale | orphan | failing
    last_success: str | None
    age_hours: float | None
    max_age_hours: float
    producer: str | None
    detail: str = ""


def dotenv(path: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    if path.exists():
        for entry in path.read_text(encoding="utf-8").splitlines():
            if entry.lstrip().startswith("#") or "=" not in entry:
                continue
            k, v = entry.split("=", 1)
            out[k.strip()] = v.strip().strip('"')
    return out


def marquez_base() -> str:
    base = os.environ.get("MARQUEZ_URL", "http://localhost:5000").rstrip("/")
    host = urllib.parse.urlsplit(base).hostname or ""
    if host not in {"localhost", "127.0.0.1"} and not host.endswith(".internal"):
        raise SystemExit(f"MARQUEZ_URL host {host} is neither local nor internal")
    return base + "/api/v1"


def get_json(base: str, route: str) -> Any:
    url = base + route
    for attempt in (1, 2, 3):
        try:
            with urllib.request.urlopen(url, timeout=15) as resp:
                return json.load(resp)
        except urllib.error.HTTPError as err:
            if err.code == 404:
                return None
            if attempt == 3 or err.code < 500:
                raise
        except urllib.error.URLError:
            if attempt == 3:
                raise
    return None


def parse_ts(value: str | None) -> dt.datetime | None:
    if not value:
        return None
    return dt.datetime.fromisoformat(value.replace("Z", "+00:00"))


def producers(base: str, namespace: str, dataset: str) -> list[str]:
    node = urllib.parse.quote(f"dataset:{namespace}:{dataset}", safe="")
    graph = get_json(base, f"/lineage?nodeId={node}&depth=1") or {}
    jobs = []
    for n in graph.get("graph", []):
        if n.get("type") == "JOB":
            outputs = [e.get("destination", "") for e in n.get("outEdges", [])]
            if any(o.endswith(f":{dataset}") for o in outputs):
                jobs.append(n["id"].split(":", 2)[2] if n["id"].count(":") >= 2 else n["id"])
    return jobs


def last_runs(base: str, namespace: str, job: str) -> list[dict[str, Any]]:
    q = urllib.parse.quote
    doc = get_json(base, f"/namespaces/{q(namespace, safe='')}/jobs/{q(job, safe='')}/runs?limit=10") or {}
    return doc.get("runs", [])


def evaluate(base: str, entry: dict[str, Any], now: dt.datetime) -> Finding:
    namespace, name = entry["namespace"], entry["name"]
    max_age = float(entry.get("max_age_hours", 24))
    label = f"{namespace}/{name}"
    jobs = producers(base, namespace, name)
    if not jobs:
        return Finding(label, "orphan", None, None, max_age, None, "no job writes this dataset")
    best: tuple[dt.datetime, str] | None = None
    failing: list[str] = []
    for job in jobs:
        runs = last_runs(base, entry.get("job_namespace", namespace), job)
        if runs and runs[0].get("state") == "FAILED":
            failing.append(job)
        for run in runs:
            if run.get("state") == "COMPLETED":
                ended = parse_ts(run.get("endedAt"))
                if ended and (best is None or ended > best[0]):
                    best = (ended, job)
                break
    if best is None:
        return Finding(label, "failing" if failing else "orphan", None, None, max_age, ",".join(jobs),
                       "no completed run")
    age = (now - best[0]).total_seconds() / 3600
    status = "stale" if age > max_age else ("failing" if failing else "fresh")
    detail = f"last run failed: {', '.join(failing)}" if failing else ""
    return Finding(label, status, best[0].isoformat(), round(age, 1), max_age, best[1], detail)


def notify(findings: list[Finding]) -> None:
    webhook = os.environ.get("SLACK_WEBHOOK_URL") or dotenv(ROOT / ".env").get("SLACK_WEBHOOK_URL")
    if not webhook:
        raise SystemExit("--notify needs SLACK_WEBHOOK_URL")
    if urllib.parse.urlsplit(webhook).hostname != "hooks.slack.com":
        raise SystemExit("SLACK_WEBHOOK_URL must be a hooks.slack.com incoming webhook")
    bad = [f for f in findings if f.status != "fresh"]
    text = "All datasets fresh :white_check_mark:" if not bad else "\n".join(
        f"*{f.dataset}* {f.status} ({f.age_hours if f.age_hours is not None else '-'}h / {f.max_age_hours:g}h) {f.detail}"
        for f in bad
    )
    req = urllib.request.Request(webhook, data=json.dumps({"text": text}).encode(),
                                 headers={"Content-Type": "application/json", "User-Agent": "freshness"})
    urllib.request.urlopen(req, timeout=12).close()


def main() -> int:
    parser = argparse.ArgumentParser(description="dataset freshness from Marquez lineage")
    parser.add_argument("--only", help="comma separated dataset names")
    parser.add_argument("--notify", action="store_true")
    args = parser.parse_args()

    spec = yaml.safe_load(SPEC.read_text(encoding="utf-8")) or {}
    entries = spec.get("datasets", [])
    if args.only:
        wanted = {x.strip() for x in args.only.split(",")}
        entries = [e for e in entries if e["name"] in wanted]
    base = marquez_base()
    now = dt.datetime.now(dt.timezone.utc)
    findings = [evaluate(base, e, now) for e in entries]

    for f in findings:
        age = f"{f.age_hours:>7.1f}h" if f.age_hours is not None else "      -"
        print(f"{f.status:<8} {f.dataset:<40} {age} / {f.max_age_hours:g}h  {f.producer or ''} {f.detail}")
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(json.dumps([asdict(f) for f in findings], indent=2), encoding="utf-8")
    if args.notify:
        notify(findings)
    return 0 if all(f.status == "fresh" for f in findings) else 1


if __name__ == "__main__":
    sys.exit(main())
