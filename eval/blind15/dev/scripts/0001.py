#!/usr/bin/env python3
"""Triage service logs from journald and docker compose into a markdown report.

Usage:
    python3 tools/log_triage.py --unit orders-api --since "2 hours ago"
    python3 tools/log_triage.py --compose api worker --top 15

The tool only reads logs. It shells out to journalctl / docker with fixed
argument lists and writes its report under ./reports/triage/.
"""
from __future__ import annotations

import argparse
import collections
import datetime as dt
import json
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

REPORT_DIR = Path("reports") / "triage"
UNIT_RE = re.compile(r"^[A-Za-z0-9@._-]{1,64}$")
SERVICE_RE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,40}$")

# Normalisers turn concrete values into placeholders so that similar
# messages collapse into one fingerprint.
NORMALISERS = [
    (re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b"), "<uuid>"),
    (re.compile(r"\b0x[0-9a-fA-F]+\b"), "<hex>"),
    (re.compile(r"\b\d+(\.\d+)?(ms|s|µs)\b"), "<dur>"),
    (re.compile(r"\b\d{2,}\b"), "<n>"),
    (re.compile(r"'[^']{0,80}'"), "'<str>'"),
]
LEVEL_RE = re.compile(r"\b(DEBUG|INFO|WARN(?:ING)?|ERROR|CRITICAL|FATAL|PANIC)\b", re.I)


@dataclass
class Bucket:
    fingerprint: str
    level: str
    count: int = 0
    first_seen: str = ""
    last_seen: str = ""
    samples: list[str] = field(default_factory=list)

    def add(self, ts: str, line: str) -> None:
        self.count += 1
        if not self.first_seen:
            self.first_seen = ts
        self.last_seen = ts
        if len(self.samples) < 3:
            self.samples.append(line[:300])


def fingerprint(message: str) -> str:
    text = message.strip()
    for pattern, repl in NORMALISERS:
        text = pattern.sub(repl, text)
    return text[:160]


def level_of(message: str, priority: str | None = None) -> str:
    if priority is not None:
        mapping = {"0": "FATAL", "1": "FATAL", "2": "CRITICAL", "3": "ERROR",
                   "4": "WARN", "5": "INFO", "6": "INFO", "7": "DEBUG"}
        return mapping.get(priority, "INFO")
    m = LEVEL_RE.search(message)
    if not m:
        return "INFO"
    lvl = m.group(1).upper()
    return "WARN" if lvl == "WARNING" else lvl


def read_journal(unit: str, since: str) -> list[tuple[str, str, str]]:
    if not UNIT_RE.match(unit):
        raise SystemExit(f"refusing odd unit name: {unit!r}")
    if shutil.which("journalctl") is None:
        raise SystemExit("journalctl not found")
    argv = ["journalctl", "-u", unit, "--since", since, "-o", "json", "--no-pager"]
    proc = subprocess.run(argv, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        print(proc.stderr.strip(), file=sys.stderr)
        raise SystemExit(proc.returncode)
    rows = []
    for raw in proc.stdout.splitlines():
        try:
            entry = json.loads(raw)
        except json.JSONDecodeError:
            continue
        usec = int(entry.get("__REALTIME_TIMESTAMP", "0"))
        ts = dt.datetime.fromtimestamp(usec / 1e6).isoformat(timespec="seconds")
        msg = entry.get("MESSAGE") or ""
        if isinstance(msg, list):  # binary messages come back as byte lists
            msg = bytes(msg).decode("utf-8", "replace")
        rows.append((ts, level_of(msg, entry.get("PRIORITY")), msg))
    return rows


def read_compose(services: list[str], tail: int) -> list[tuple[str, str, str]]:
    for svc in services:
        if not SERVICE_RE.match(svc):
            raise SystemExit(f"refusing odd service name: {svc!r}")
    argv = ["docker", "compose", "logs", "--no-color", "--timestamps", f"--tail={tail}", *services]
    proc = subprocess.run(argv, capture_output=True, text=True, check=False)
    rows = []
    for raw in proc.stdout.splitlines():
        _, _, rest = raw.partition("|")
        rest = rest.strip()
        ts, _, msg = rest.partition(" ")
        rows.append((ts[:19], level_of(msg), msg))
    return rows


def bucketise(rows, min_level: str) -> dict[str, Bucket]:
    order = ["DEBUG", "INFO", "WARN", "ERROR", "CRITICAL", "FATAL", "PANIC"]
    floor = order.index(min_level)
    buckets: dict[str, Bucket] = {}
    for ts, lvl, msg in rows:
        if order.index(lvl) < floor:
            continue
        fp = fingerprint(msg)
        b = buckets.setdefault(fp, Bucket(fingerprint=fp, level=lvl))
        b.add(ts, msg)
    return buckets


def render(buckets: dict[str, Bucket], title: str, top: int) -> str:
    ranked = sorted(buckets.values(), key=lambda b: (-b.count, b.fingerprint))[:top]
    per_level = collections.Counter()
    for b in buckets.values():
        per_level[b.level] += b.count
    out = [f"# Log triage: {title}", ""]
    out.append(f"Generated {dt.datetime.now().isoformat(timespec='seconds')}")
    out.append("")
    out.append("| level | lines |")
    out.append("| --- | --- |")
    for lvl, n in per_level.most_common():
        out.append(f"| {lvl} | {n} |")
    out.append("")
    for i, b in enumerate(ranked, 1):
        out.append(f"## {i}. {b.level} x{b.count}")
        out.append(f"first {b.first_seen} / last {b.last_seen}")
        out.append("")
        out.append("```")
        out.extend(b.samples)
        out.append("```")
        out.append("")
    return "\n".join(out)


def main(argv: "list[str] | None" = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--unit", help="systemd unit to read")
    src.add_argument("--compose", nargs="+", metavar="SERVICE")
    ap.add_argument("--since", default="1 hour ago")
    ap.add_argument("--tail", type=int, default=2000)
    ap.add_argument("--min-level", default="WARN",
                    choices=["DEBUG", "INFO", "WARN", "ERROR", "CRITICAL", "FATAL"])
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--stdout", action="store_true", help="print instead of writing a file")
    args = ap.parse_args(argv)

    if args.unit:
        rows = read_journal(args.unit, args.since)
        title = f"unit {args.unit} since {args.since}"
    else:
        rows = read_compose(args.compose, args.tail)
        title = "compose " + ",".join(args.compose)
    buckets = bucketise(rows, args.min_level)
    report = render(buckets, title, args.top)
    if args.stdout:
        print(report)
        return 0
    REPORT_DIR.mkdir(parents=True, exist_ok=True)
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    path = REPORT_DIR / f"triage-{stamp}.md"
    path.write_text(report, encoding="utf-8")
    print(f"wrote {path} ({len(buckets)} fingerprints from {len(rows)} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
