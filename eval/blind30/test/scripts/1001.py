#!/usr/bin/env python3
"""Request Tracker queue health report via the REST2 API (read-only).

For each queue in config/rt-queues.toml this collects open tickets, their age,
owner and last correspondence, then writes reports/rt/<date>/<queue>.csv plus an
overview.md that the service desk lead pastes into the weekly meeting notes.

Authentication uses an RT auth token (RT_TOKEN in .env), sent as
"Authorization: token <value>" to RT_BASE only. Nothing is created or updated:
only GET requests against /REST/2.0/ are made.

    python scripts/rt_queue_health.py --queues Helpdesk,Facilities --stale-days 10
"""
import argparse
import collections
import csv
import datetime as dt
import json
import os
import pathlib
import sys
import time
import tomllib
import urllib.error
import urllib.parse
import urllib.request

HERE = pathlib.Path(__file__).resolve()
REPO = HERE.parent.parent
CONF = REPO / "config" / "rt-queues.toml"
OUTROOT = REPO / "reports" / "rt"
FIELDS = "Subject,Status,Owner,Created,LastUpdated,Queue,Priority,Requestor"


def parse_env_file(path):
    """Return KEY -> value from a dotenv file; comments and blank lines ignored."""
    result = {}
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return result
    for ln in lines:
        ln = ln.strip()
        if not ln or ln[0] == "#" or "=" not in ln:
            continue
        k, v = ln.split("=", 1)
        result[k.strip()] = v.strip().strip("'\"")
    return result


def redact_token(tok):
    return "(none)" if not tok else f"{tok[:2]}…{len(tok)} chars"


class Rest2:
    """Tiny REST2 client. Retries 429/5xx with exponential backoff."""

    def __init__(self, base, token, attempts=5, timeout=40):
        self.base = base.rstrip("/") + "/REST/2.0/"
        self.token = token
        self.attempts = attempts
        self.timeout = timeout
        self.count = 0

    def get(self, path, **params):
        url = urllib.parse.urljoin(self.base, path)
        if params:
            url += "?" + urllib.parse.urlencode(params)
        request = urllib.request.Request(url, headers={
            "Authorization": f"token {self.token}",
            "Accept": "application/json",
        })
        pause = 0.8
        for n in range(self.attempts):
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as reply:
                    self.count += 1
                    return json.load(reply)
            except urllib.error.HTTPError as err:
                retryable = err.code == 429 or err.code >= 500
                if not retryable or n == self.attempts - 1:
                    raise
            except urllib.error.URLError:
                if n == self.attempts - 1:
                    raise
            time.sleep(pause)
            pause *= 2
        return None

    def search(self, query):
        page = 1
        while True:
            data = self.get("tickets", query=query, page=page, per_page=100, fields=FIELDS)
            for item in data.get("items", []):
                yield item
            if page >= int(data.get("pages", 1)):
                break
            page += 1


def ts(value):
    if not value or value.startswith("1970"):
        return None
    return dt.datetime.strptime(value[:19], "%Y-%m-%dT%H:%M:%S").replace(tzinfo=dt.timezone.utc)


def owner_name(item):
    owner = item.get("Owner") or {}
    return owner.get("id", "Nobody") if isinstance(owner, dict) else str(owner)


def requestor_domain(item):
    reqs = item.get("Requestor") or []
    if not reqs:
        return ""
    first = reqs[0].get("id", "") if isinstance(reqs[0], dict) else str(reqs[0])
    return first.split("@")[-1] if "@" in first else ""


def build_rows(items, now, stale_days):
    rows = []
    for it in items:
        created, updated = ts(it.get("Created")), ts(it.get("LastUpdated"))
        age = (now - created).days if created else None
        idle = (now - updated).days if updated else None
        rows.append({
            "id": it.get("id"),
            "subject": (it.get("Subject") or "").replace("\n", " ")[:100],
            "status": it.get("Status"),
            "owner": owner_name(it),
            "priority": it.get("Priority"),
            "age_days": age,
            "idle_days": idle,
            "stale": bool(idle is not None and idle >= stale_days),
            "requestor_domain": requestor_domain(it),
        })
    return rows


def write_csv(path, rows):
    path.parent.mkdir(exist_ok=True, parents=True)
    tmp = path.with_name("." + path.name + ".tmp")
    with tmp.open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]) if rows else ["id"])
        w.writeheader()
        w.writerows(rows)
    tmp.replace(path)


def overview(per_queue, stale_days):
    out = ["# RT queue health", "", f"Stale = no update for {stale_days}+ days.", "",
           "| Queue | Open | Stale | Unowned | Oldest (days) |", "|---|---:|---:|---:|---:|"]
    for q, rows in sorted(per_queue.items()):
        stale = sum(r["stale"] for r in rows)
        unowned = sum(r["owner"] == "Nobody" for r in rows)
        oldest = max((r["age_days"] or 0 for r in rows), default=0)
        out.append(f"| {q} | {len(rows)} | {stale} | {unowned} | {oldest} |")
    owners = collections.Counter(r["owner"] for rows in per_queue.values() for r in rows)
    out += ["", "## Open tickets per owner", ""]
    out += [f"- {name}: {n}" for name, n in owners.most_common(15)]
    return "\n".join(out) + "\n"


def load_queue_names(arg):
    if arg:
        return [q.strip() for q in arg.split(",") if q.strip()]
    with CONF.open("rb") as fh:
        return list(tomllib.load(fh).get("queues", []))


def main(argv=None):
    p = argparse.ArgumentParser(description="RT queue health (read-only)")
    p.add_argument("--queues", help="comma separated; default from config/rt-queues.toml")
    p.add_argument("--stale-days", type=int, default=7)
    p.add_argument("--include-stalled", action="store_true")
    p.add_argument("--json", action="store_true", help="also write overview.json")
    a = p.parse_args(argv)

    env = parse_env_file(REPO / ".env")
    env.update({k: v for k, v in os.environ.items() if k.startswith("RT_")})
    base, token = env.get("RT_BASE"), env.get("RT_TOKEN")
    if not base or not token:
        print("RT_BASE and RT_TOKEN are required (.env)", file=sys.stderr)
        return 2
    if not urllib.parse.urlsplit(base).hostname.endswith(".internal"):
        print(f"RT_BASE {base} is not our RT instance; refusing", file=sys.stderr)
        return 2
    print(f"RT {base} (token {redact_token(token)})", file=sys.stderr)

    client = Rest2(base, token)
    statuses = ["new", "open"] + (["stalled"] if a.include_stalled else [])
    status_clause = " OR ".join(f"Status = '{s}'" for s in statuses)
    now = dt.datetime.now(dt.timezone.utc)
    per_queue = {}
    for queue in load_queue_names(a.queues):
        q = f"Queue = '{queue}' AND ({status_clause})"
        per_queue[queue] = build_rows(client.search(q), now, a.stale_days)

    day_dir = OUTROOT / now.strftime("%Y-%m-%d")
    for queue, rows in per_queue.items():
        write_csv(day_dir / f"{queue.replace(' ', '_')}.csv", rows)
    (day_dir / "overview.md").write_text(overview(per_queue, a.stale_days), encoding="utf-8")
    if a.json:
        summary = {q: {"open": len(r), "stale": sum(x["stale"] for x in r)} for q, r in per_queue.items()}
        (day_dir / "overview.json").write_text(json.dumps(summary, indent=2), encoding="utf-8")
    print(f"{sum(map(len, per_queue.values()))} open tickets in {len(per_queue)} queues; "
          f"{client.count} requests; see {day_dir.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
