#!/usr/bin/env python3
"""Weekly Zammad ticket report for the support team.

Reads tickets from our Zammad instance (read-only API calls), groups them by
group/state/priority and writes CSV + Markdown summaries into reports/zammad/.
The API token is read from the project's .env (ZAMMAD_URL, ZAMMAD_TOKEN) and only
ever sent to ZAMMAD_URL. Nothing is modified on the Zammad side.

Usage:
    python tools/zammad_report.py --since 2024-05-01 [--group "2nd Level"] [--verbose]
"""
from __future__ import annotations

import argparse
import csv
import datetime as dt
import json
import logging
import os
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REPORT_DIR = ROOT / "reports" / "zammad"
DEFAULT_ENV = ROOT / ".env"
PAGE_SIZE = 100
MAX_RETRIES = 5

log = logging.getLogger("zammad_report")


def load_env(path: Path) -> dict[str, str]:
    """Tiny .env parser: KEY=VALUE lines, optional quotes, '#' comments."""
    values: dict[str, str] = {}
    if not path.exists():
        return values
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        value = value.strip().strip('"').strip("'")
        values[key.strip()] = value
    return values


def mask(secret: str, keep: int = 4) -> str:
    if not secret:
        return "<unset>"
    if len(secret) <= keep:
        return "*" * len(secret)
    return secret[:keep] + "*" * (len(secret) - keep)


@dataclass
class ZammadClient:
    base_url: str
    token: str
    timeout: float = 30.0
    calls: int = 0

    def _request(self, path: str, params: dict[str, str] | None = None) -> object:
        query = urllib.parse.urlencode(params or {})
        url = f"{self.base_url.rstrip('/')}/api/v1/{path.lstrip('/')}"
        if query:
            url = f"{url}?{query}"
        req = urllib.request.Request(url, method="GET")
        req.add_header("Authorization", f"Token token={self.token}")
        req.add_header("Accept", "application/json")
        delay = 1.0
        for attempt in range(1, MAX_RETRIES + 1):
            try:
                with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                    self.calls += 1
                    return json.loads(resp.read().decode("utf-8"))
            except urllib.error.HTTPError as exc:
                if exc.code in (429, 502, 503, 504) and attempt < MAX_RETRIES:
                    log.warning("HTTP %s on %s, retry %d in %.1fs", exc.code, path, attempt, delay)
                    time.sleep(delay)
                    delay *= 2
                    continue
                raise
            except urllib.error.URLError as exc:
                if attempt < MAX_RETRIES:
                    log.warning("network error %s, retry %d", exc.reason, attempt)
                    time.sleep(delay)
                    delay *= 2
                    continue
                raise
        raise RuntimeError("unreachable")

    def lookup(self, kind: str) -> dict[int, str]:
        data = self._request(kind, {"expand": "false"})
        return {item["id"]: item.get("name", str(item["id"])) for item in data}

    def search_tickets(self, query: str):
        page = 1
        while True:
            batch = self._request(
                "tickets/search",
                {"query": query, "page": str(page), "per_page": str(PAGE_SIZE), "expand": "false"},
            )
            ids = batch.get("tickets", []) if isinstance(batch, dict) else []
            assets = batch.get("assets", {}).get("Ticket", {}) if isinstance(batch, dict) else {}
            if not ids:
                return
            for tid in ids:
                ticket = assets.get(str(tid))
                if ticket:
                    yield ticket
            if len(ids) < PAGE_SIZE:
                return
            page += 1


@dataclass
class Summary:
    by_group: Counter = field(default_factory=Counter)
    by_state: Counter = field(default_factory=Counter)
    by_priority: Counter = field(default_factory=Counter)
    age_hours: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    rows: list[dict[str, object]] = field(default_factory=list)


def parse_ts(value: str | None) -> dt.datetime | None:
    if not value:
        return None
    return dt.datetime.fromisoformat(value.replace("Z", "+00:00"))


def summarise(tickets, groups, states, priorities) -> Summary:
    now = dt.datetime.now(dt.timezone.utc)
    out = Summary()
    for t in tickets:
        group = groups.get(t.get("group_id"), "?")
        state = states.get(t.get("state_id"), "?")
        prio = priorities.get(t.get("priority_id"), "?")
        created = parse_ts(t.get("created_at"))
        age = (now - created).total_seconds() / 3600 if created else 0.0
        out.by_group[group] += 1
        out.by_state[state] += 1
        out.by_priority[prio] += 1
        out.age_hours[group].append(age)
        out.rows.append({
            "number": t.get("number"),
            "title": (t.get("title") or "").replace("\n", " ")[:120],
            "group": group,
            "state": state,
            "priority": prio,
            "age_h": round(age, 1),
        })
    return out


def write_atomically(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=path.suffix)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def render_markdown(summary: Summary, since: str) -> str:
    lines = [f"# Zammad tickets since {since}", ""]
    for title, counter in (("Group", summary.by_group), ("State", summary.by_state),
                           ("Priority", summary.by_priority)):
        lines += [f"## By {title.lower()}", "", f"| {title} | Tickets |", "|---|---:|"]
        lines += [f"| {k} | {v} |" for k, v in counter.most_common()]
        lines.append("")
    lines += ["## Median age per group (hours)", ""]
    for group, ages in sorted(summary.age_hours.items()):
        ages = sorted(ages)
        median = ages[len(ages) // 2] if ages else 0
        lines.append(f"- {group}: {median:.1f} h over {len(ages)} tickets")
    return "\n".join(lines) + "\n"


def render_csv(summary: Summary) -> str:
    from io import StringIO

    buf = StringIO()
    writer = csv.DictWriter(buf, fieldnames=["number", "title", "group", "state", "priority", "age_h"])
    writer.writeheader()
    writer.writerows(summary.rows)
    return buf.getvalue()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--since", default=(dt.date.today() - dt.timedelta(days=7)).isoformat())
    ap.add_argument("--group", help="restrict to one Zammad group name")
    ap.add_argument("--env-file", type=Path, default=DEFAULT_ENV)
    ap.add_argument("--verbose", "-v", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    env = {**load_env(args.env_file), **os.environ}
    base, token = env.get("ZAMMAD_URL", ""), env.get("ZAMMAD_TOKEN", "")
    if not base or not token:
        log.error("ZAMMAD_URL and ZAMMAD_TOKEN must be set in %s", args.env_file)
        return 2
    log.info("using %s with token %s", base, mask(token))
    client = ZammadClient(base, token)

    query = f"created_at:>={args.since}"
    if args.group:
        query += f' AND group.name:"{args.group}"'
    groups = client.lookup("groups")
    states = client.lookup("ticket_states")
    priorities = client.lookup("ticket_priorities")
    summary = summarise(client.search_tickets(query), groups, states, priorities)

    stamp = dt.date.today().isoformat()
    write_atomically(REPORT_DIR / f"tickets-{stamp}.csv", render_csv(summary))
    write_atomically(REPORT_DIR / f"summary-{stamp}.md", render_markdown(summary, args.since))
    log.info("%d tickets, %d API calls, reports in %s", len(summary.rows), client.calls,
             REPORT_DIR.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
