#!/usr/bin/env python3
"""maillog_digest.py - daily digest of the staging relay's mail log and rspamd history.

Sources (both read-only):
  * the Postfix log (default /var/log/mail.log, or --log FILE; .gz rotated files ok)
  * rspamd's controller history at http://localhost:11334/history, authenticated
    with the controller password from .env (RSPAMD_CONTROLLER_PASSWORD)

Output: per-hour delivery counts, top deferral reasons, top rejected senders,
rspamd actions and the highest-scoring messages.  --since limits the window
(e.g. --since 6h).  Nothing on the relay is changed; when the log is not
readable as the current user, the script asks `sudo -n cat` for it.
"""
from __future__ import annotations

import argparse
import datetime as dt
import gzip
import os
import re
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Iterable, Iterator

import requests

PROJECT = Path(__file__).resolve().parent.parent
RSPAMD = os.environ.get("RSPAMD_CONTROLLER", "http://localhost:11334")
LINE_RE = re.compile(
    r"^(?P<ts>\w{3}\s+\d+\s[\d:]{8}|\d{4}-\d\d-\d\dT[\d:.]+[+-][\d:]+)\s+\S+\s+"
    r"postfix/(?P<proc>[\w/-]+)\[\d+\]:\s+(?P<qid>[0-9A-F]{6,}|NOQUEUE):?\s*(?P<rest>.*)$"
)
STATUS_RE = re.compile(r"to=<(?P<rcpt>[^>]*)>.*status=(?P<status>\w+)(?: \((?P<reason>.*)\))?")
REJECT_RE = re.compile(r"reject: \S+ from \S+: (?P<code>\d{3}) [\d.]+ (?P<what>[^;]*); from=<(?P<sender>[^>]*)>")


def parse_since(text: str | None) -> dt.datetime | None:
    if not text:
        return None
    m = re.fullmatch(r"(\d+)([hd])", text)
    if not m:
        raise SystemExit("--since expects e.g. 6h or 2d")
    amount, unit = int(m.group(1)), m.group(2)
    delta = dt.timedelta(hours=amount) if unit == "h" else dt.timedelta(days=amount)
    return dt.datetime.now() - delta


def read_lines(path: Path) -> Iterator[str]:
    opener = gzip.open if path.suffix == ".gz" else open
    try:
        with opener(path, "rt", errors="replace") as fh:
            yield from fh
    except PermissionError:
        proc = subprocess.run(["sudo", "-n", "cat", str(path)], capture_output=True, check=False)
        if proc.returncode != 0:
            raise SystemExit(f"cannot read {path}: {proc.stderr.decode().strip()}")
        data = gzip.decompress(proc.stdout) if path.suffix == ".gz" else proc.stdout
        yield from data.decode(errors="replace").splitlines()


def timestamp(raw: str) -> dt.datetime:
    if raw[:4].isdigit():
        return dt.datetime.fromisoformat(raw).replace(tzinfo=None)
    parsed = dt.datetime.strptime(raw, "%b %d %H:%M:%S")
    return parsed.replace(year=dt.datetime.now().year)


def classify(reason: str) -> str:
    reason = reason.lower()
    for needle, label in (("timed out", "timeout"), ("refused", "refused"), ("greylist", "greylisted"),
                          ("not found", "dns"), ("tls", "tls"), ("quota", "quota"), ("spam", "spam")):
        if needle in reason:
            return label
    return "other"


def digest(lines: Iterable[str], since: dt.datetime | None) -> dict:
    per_hour: dict[str, Counter] = defaultdict(Counter)
    deferrals = Counter()
    rejects = Counter()
    rcpt_domains = Counter()
    for line in lines:
        m = LINE_RE.match(line)
        if not m:
            continue
        ts = timestamp(m.group("ts"))
        if since and ts < since:
            continue
        hour = ts.strftime("%m-%d %H:00")
        rest = m.group("rest")
        s = STATUS_RE.search(rest)
        if s:
            status = s.group("status")
            per_hour[hour][status] += 1
            domain = s.group("rcpt").rpartition("@")[2].lower() or "(local)"
            if status == "sent":
                rcpt_domains[domain] += 1
            elif status == "deferred":
                deferrals[classify(s.group("reason") or "")] += 1
            continue
        r = REJECT_RE.search(rest)
        if r:
            per_hour[hour]["rejected"] += 1
            rejects[r.group("sender") or "<>"] += 1
    return {"per_hour": per_hour, "deferrals": deferrals, "rejects": rejects, "domains": rcpt_domains}


def dotenv_value(name: str) -> str | None:
    path = PROJECT / ".env"
    if not path.exists():
        return os.environ.get(name)
    for line in path.read_text().splitlines():
        if line.startswith(name + "="):
            return line.split("=", 1)[1].strip()
    return os.environ.get(name)


def rspamd_history(limit: int) -> list[dict]:
    headers = {}
    password = dotenv_value("RSPAMD_CONTROLLER_PASSWORD")
    if password:
        headers["Password"] = password
    try:
        resp = requests.get(f"{RSPAMD}/history", params={"from": 0, "to": limit}, headers=headers, timeout=15)
        resp.raise_for_status()
    except requests.RequestException as exc:
        print(f"(rspamd history unavailable: {exc.__class__.__name__})", file=sys.stderr)
        return []
    body = resp.json()
    return body.get("rows", body if isinstance(body, list) else [])


def print_digest(d: dict, history: list[dict], top: int) -> None:
    print("deliveries per hour (sent / deferred / bounced / rejected):")
    for hour in sorted(d["per_hour"]):
        c = d["per_hour"][hour]
        print(f"  {hour}  {c['sent']:6d} {c['deferred']:6d} {c['bounced']:6d} {c['rejected']:6d}")
    print(f"\ntop deferral reasons:")
    for reason, n in d["deferrals"].most_common(top):
        print(f"  {reason:12s} {n}")
    print(f"\ntop rejected senders:")
    for sender, n in d["rejects"].most_common(top):
        print(f"  {sender:40s} {n}")
    print(f"\ntop recipient domains (sent):")
    for domain, n in d["domains"].most_common(top):
        print(f"  {domain:40s} {n}")
    if history:
        actions = Counter(row.get("action", "?") for row in history)
        print("\nrspamd actions: " + ", ".join(f"{a}={n}" for a, n in actions.most_common()))
        worst = sorted(history, key=lambda r: -float(r.get("score", 0)))[:top]
        print("highest scores:")
        for row in worst:
            subject = (row.get("subject") or "")[:50]
            print(f"  {float(row.get('score', 0)):7.2f}  {row.get('action', '?'):15s} {subject}")


def main() -> int:
    ap = argparse.ArgumentParser(description="Staging relay mail digest (read-only)")
    ap.add_argument("--log", type=Path, action="append", help="mail log file(s); default /var/log/mail.log")
    ap.add_argument("--since", help="only the last N hours/days, e.g. 6h, 2d")
    ap.add_argument("--top", type=int, default=12)
    ap.add_argument("--history", type=int, default=500, help="rspamd history rows to fetch (0 = skip)")
    args = ap.parse_args()
    logs = args.log or [Path("/var/log/mail.log")]
    since = parse_since(args.since)

    def all_lines():
        for log in logs:
            yield from read_lines(log)

    d = digest(all_lines(), since)
    history = rspamd_history(args.history) if args.history else []
    print_digest(d, history, args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
