#!/usr/bin/env python3
"""Correlate kiln's local error logs with Sentry issues.

Reads ``out/logs/*.log`` (plain text, one record per line, written by the
``kiln.logging`` formatter), extracts exceptions with their fingerprint and asks
the Sentry API which of them already exist as issues in the project configured
in ``sentry.toml``.  Prints a table of "known" vs "new" errors; ``--markdown``
writes it to out/logs/sentry-report.md.

The auth token comes from SENTRY_AUTH_TOKEN (environment or the git-ignored
.env) and is only sent to sentry.io in the Authorization header.  The API is only
read from; nothing is created or resolved.
"""
from __future__ import annotations

import argparse
import collections
import hashlib
import json
import logging
import os
import re
import sys
import time
import tomllib
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

LOG = logging.getLogger("kiln.sentry")
REPO = Path(__file__).resolve().parents[1]
LOG_DIR = REPO / "out" / "logs"
API = "https://sentry.io/api/0"
RECORD = re.compile(
    r"^(?P<ts>\S+ \S+) (?P<level>[A-Z]+) (?P<logger>[\w.]+): (?P<msg>.*?)(?: exc=(?P<exc>[\w.]+))?$"
)
NOISE = [(re.compile(r"\b\d+\b"), "N"), (re.compile(r"'[^']*'"), "'S'"), (re.compile(r"0x[0-9a-f]+"), "ADDR")]


def config() -> dict:
    path = REPO / "sentry.toml"
    if not path.exists():
        raise SystemExit("sentry.toml missing (org and project slugs)")
    with path.open("rb") as fh:
        cfg = tomllib.load(fh)
    for key in ("org", "project"):
        if not re.fullmatch(r"[a-z0-9-]+", str(cfg.get(key, ""))):
            raise SystemExit(f"sentry.toml: invalid {key!r}")
    return cfg


def token() -> str | None:
    if os.environ.get("SENTRY_AUTH_TOKEN"):
        return os.environ["SENTRY_AUTH_TOKEN"]
    env_file = REPO / ".env"
    if env_file.exists():
        for line in env_file.read_text().splitlines():
            key, _, value = line.partition("=")
            if key.strip() == "SENTRY_AUTH_TOKEN":
                return value.strip().strip('"')
    return None


def normalise(msg: str) -> str:
    for pattern, repl in NOISE:
        msg = pattern.sub(repl, msg)
    return msg[:200]


def read_errors(since_hours: float) -> collections.Counter:
    cutoff = time.time() - since_hours * 3600
    counts: collections.Counter = collections.Counter()
    for path in sorted(LOG_DIR.glob("*.log")):
        if path.stat().st_mtime < cutoff:
            continue
        with path.open(encoding="utf-8", errors="replace") as fh:
            for line in fh:
                m = RECORD.match(line.rstrip("\n"))
                if not m or m.group("level") not in ("ERROR", "CRITICAL"):
                    continue
                key = (m.group("exc") or "Error", normalise(m.group("msg")))
                counts[key] += 1
    return counts


def api_get(path: str, auth: str, params: dict[str, str]) -> list[dict]:
    url = f"{API}{path}?{urllib.parse.urlencode(params)}"
    req = urllib.request.Request(url, headers={"Authorization": f"Bearer {auth}"})
    for attempt in range(4):
        try:
            with urllib.request.urlopen(req, timeout=25) as resp:
                return json.load(resp)
        except urllib.error.HTTPError as exc:
            if exc.code == 429:
                wait = int(exc.headers.get("Retry-After", 2 ** attempt))
                LOG.info("rate limited, waiting %ss", wait)
                time.sleep(wait)
                continue
            raise
        except urllib.error.URLError as exc:
            LOG.warning("network error %s (attempt %d)", exc.reason, attempt + 1)
            time.sleep(2 ** attempt)
    raise SystemExit("Sentry API unreachable")


def known_issues(cfg: dict, auth: str, exc_types: set[str]) -> dict[str, dict]:
    found: dict[str, dict] = {}
    for exc in sorted(exc_types):
        issues = api_get(f"/projects/{cfg['org']}/{cfg['project']}/issues/", auth,
                         {"query": f"is:unresolved error.type:{exc}", "statsPeriod": "14d"})
        for issue in issues:
            found.setdefault(exc, issue)
    return found


def hourly_histogram(since_hours: float) -> list[str]:
    """Tiny text histogram of ERROR records per hour, newest last."""
    cutoff = time.time() - since_hours * 3600
    buckets: collections.Counter = collections.Counter()
    for path in sorted(LOG_DIR.glob("*.log")):
        if path.stat().st_mtime < cutoff:
            continue
        with path.open(encoding="utf-8", errors="replace") as fh:
            for line in fh:
                m = RECORD.match(line.rstrip("\n"))
                if m and m.group("level") in ("ERROR", "CRITICAL"):
                    buckets[m.group("ts")[:13]] += 1
    if not buckets:
        return []
    peak = max(buckets.values())
    return [f"{hour}h {'#' * max(1, round(n / peak * 40))} {n}" for hour, n in sorted(buckets.items())[-24:]]


def table(counts: collections.Counter, issues: dict[str, dict]) -> str:
    lines = ["| count | type | message | sentry |", "|---:|---|---|---|"]
    for (exc, msg), n in counts.most_common(30):
        issue = issues.get(exc)
        link = f"[{issue['shortId']}]({issue['permalink']})" if issue else "**new**"
        fp = hashlib.sha1(f"{exc}:{msg}".encode()).hexdigest()[:8]
        lines.append(f"| {n} | `{exc}` | {msg.replace('|', '/')} <sub>{fp}</sub> | {link} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="compare local errors with Sentry issues")
    parser.add_argument("--hours", type=float, default=24, help="look-back window")
    parser.add_argument("--offline", action="store_true", help="do not call the Sentry API")
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    counts = read_errors(args.hours)
    if not counts:
        print(f"no ERROR records in {LOG_DIR.relative_to(REPO)} for the last {args.hours:g}h")
        return 0
    issues: dict[str, dict] = {}
    if not args.offline:
        auth = token()
        if auth is None:
            LOG.warning("SENTRY_AUTH_TOKEN not set; running offline")
        else:
            issues = known_issues(config(), auth, {exc for exc, _ in counts})
    report = table(counts, issues)
    print(report)
    histogram = hourly_histogram(args.hours)
    if histogram:
        print("\nerrors per hour:")
        print("\n".join(histogram))
    new = sum(1 for (exc, _), _n in counts.items() if exc not in issues)
    print(f"\n{len(counts)} distinct error(s), {new} without a matching Sentry issue")
    if new and not issues and not args.offline:
        print("hint: no matching issues at all - check the org/project slugs in sentry.toml")
    if args.markdown:
        out = LOG_DIR / "sentry-report.md"
        out.write_text(report + "\n")
        print(f"written to {out.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
