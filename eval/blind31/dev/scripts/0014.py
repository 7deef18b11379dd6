#!/usr/bin/env python3
"""Mailing-list archive statistics from the local notmuch index (read-only).

The project studies response times on the dev@ list. Everything here goes
through `notmuch search/count/show` with --format=json; the script never
changes tags and never touches message files. Addresses are pseudonymised
before anything is written to reports/, because the report is committed.

    python analysis/list_stats.py --query 'to:dev@lists.example.org' --since 2023-01-01
"""
from __future__ import annotations

import argparse
import configparser
import datetime as dt
import hashlib
import json
import os
import statistics
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REPORT_DIR = ROOT / "reports" / "mail"
SALT_FILE = ROOT / ".cache" / "pseudonym-salt"


def notmuch_config_path() -> Path:
    # Same lookup order as notmuch itself (NOTMUCH_CONFIG, then XDG, then ~/.notmuch-config).
    explicit = os.environ.get("NOTMUCH_CONFIG")
    if explicit:
        return Path(explicit)
    xdg = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "notmuch" / "default" / "config"
    if xdg.exists():
        return xdg
    return Path.home() / ".notmuch-config"


def database_path() -> str:
    parser = configparser.ConfigParser(interpolation=None)
    parser.read(notmuch_config_path())
    return parser.get("database", "path", fallback="~/mail")


def notmuch(*args: str) -> str:
    argv = ["notmuch", *args]
    proc = subprocess.run(argv, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(argv)}: {proc.stderr.strip()}")
    return proc.stdout


def salt() -> bytes:
    if SALT_FILE.exists():
        return SALT_FILE.read_bytes()
    SALT_FILE.parent.mkdir(parents=True, exist_ok=True)
    value = os.urandom(16)
    SALT_FILE.write_bytes(value)
    return value


def pseudonym(address: str, key: bytes) -> str:
    digest = hashlib.blake2b(address.lower().encode(), key=key, digest_size=6).hexdigest()
    return f"p-{digest}"


def address_of(header: str) -> str:
    if "<" in header and ">" in header:
        return header.split("<", 1)[1].split(">", 1)[0].strip()
    return header.strip()


def threads(query: str) -> list[dict]:
    out = notmuch("search", "--format=json", "--output=summary", "--sort=oldest-first", query)
    return json.loads(out or "[]")


def thread_messages(thread_id: str) -> list[dict]:
    out = notmuch("show", "--format=json", "--body=false", "--entire-thread=true", f"thread:{thread_id}")
    tree = json.loads(out or "[]")
    flat: list[dict] = []

    def walk(node):
        if isinstance(node, dict) and "headers" in node:
            flat.append(node)
        elif isinstance(node, list):
            for child in node:
                walk(child)

    walk(tree)
    flat.sort(key=lambda m: m.get("timestamp", 0))
    return flat


def first_reply_delay(messages: list[dict]) -> float | None:
    if len(messages) < 2:
        return None
    opener = address_of(messages[0]["headers"].get("From", ""))
    for msg in messages[1:]:
        if address_of(msg["headers"].get("From", "")) != opener:
            return (msg["timestamp"] - messages[0]["timestamp"]) / 3600.0
    return None


def analyse(query: str, limit: int | None) -> dict:
    key = salt()
    summary = threads(query)
    if limit:
        summary = summary[:limit]
    delays: list[float] = []
    per_month: Counter[str] = Counter()
    posters: Counter[str] = Counter()
    unanswered = 0
    by_weekday: dict[str, list[float]] = defaultdict(list)
    for item in summary:
        msgs = thread_messages(item["thread"])
        if not msgs:
            continue
        started = dt.datetime.fromtimestamp(msgs[0]["timestamp"])
        per_month[started.strftime("%Y-%m")] += 1
        for msg in msgs:
            posters[pseudonym(address_of(msg["headers"].get("From", "")), key)] += 1
        delay = first_reply_delay(msgs)
        if delay is None:
            unanswered += 1
        else:
            delays.append(delay)
            by_weekday[started.strftime("%a")].append(delay)
    result = {
        "query": query,
        "threads": len(summary),
        "unanswered": unanswered,
        "threads_per_month": dict(sorted(per_month.items())),
        "top_posters": posters.most_common(15),
        "reply_hours": {
            "median": round(statistics.median(delays), 2) if delays else None,
            "p90": round(statistics.quantiles(delays, n=10)[-1], 2) if len(delays) >= 10 else None,
            "mean": round(statistics.fmean(delays), 2) if delays else None,
        },
        "median_by_weekday": {d: round(statistics.median(v), 2) for d, v in sorted(by_weekday.items())},
        "total_messages_matching": int(notmuch("count", query).strip() or 0),
    }
    return result


def write_month_csv(result: dict, target: Path) -> None:
    """Small CSV next to the JSON so the spreadsheet people can chart it."""
    lines = ["month,threads"]
    for month, n in result["threads_per_month"].items():
        lines.append(f"{month},{n}")
    tmp = target.with_suffix(".csv.tmp")
    tmp.write_text("\n".join(lines) + "\n")
    tmp.replace(target.with_suffix(".csv"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--query", default="to:dev@lists.example.org")
    ap.add_argument("--since", help="YYYY-MM-DD")
    ap.add_argument("--limit", type=int)
    ap.add_argument("--stdout", action="store_true")
    args = ap.parse_args(argv)

    query = args.query
    if args.since:
        query = f"({query}) and date:{args.since}.."
    print(f"notmuch database: {database_path()}", file=sys.stderr)
    result = analyse(query, args.limit)
    text = json.dumps(result, indent=2)
    if args.stdout:
        print(text)
        return 0
    REPORT_DIR.mkdir(parents=True, exist_ok=True)
    stamp = dt.date.today().isoformat()
    target = REPORT_DIR / f"list-stats-{stamp}.json"
    tmp = target.with_suffix(".json.tmp")
    tmp.write_text(text)
    tmp.replace(target)
    write_month_csv(result, target)
    print(f"{result['threads']} threads, {result['unanswered']} unanswered, "
          f"median first reply {result['reply_hours']['median']}h -> {target.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
