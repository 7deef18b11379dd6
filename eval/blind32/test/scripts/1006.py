#!/usr/bin/env python3
"""Summarise an AIDE integrity check for the workstation hardening report.

Runs `sudo aide --check` (read-only: it compares the filesystem with the
existing database and never updates it), parses the textual report and groups
changed entries by top-level directory and by attribute.  Expected churn
(package manager caches, logs) can be ignored with patterns from
compliance/aide-ignore.txt.

Output:  reports/aide/<host>-<date>.json and a Markdown summary on stdout.
Exit:    0 no unexpected changes, 1 unexpected changes, 2 aide error.

This script never runs `aide --init` or `--update`; refreshing the baseline is
an administrator decision and is documented in docs/hardening.md.
"""
import argparse
import datetime
import fnmatch
import json
import re
import socket
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
IGNORE_FILE = ROOT / "compliance" / "aide-ignore.txt"
OUT_DIR = ROOT / "reports" / "aide"
AIDE_CONFIGS = ["/etc/aide/aide.conf", "/etc/aide.conf"]

ENTRY_RE = re.compile(r"^(?P<kind>[fdlbcps]|File|Directory|Link)[: ]\s*(?P<flags>[.+\-<>=A-Za-z ]*)\s*:\s*(?P<path>/.*)$")
SECTION_RE = re.compile(r"^-{10,}\s*$")
ATTR_LINE_RE = re.compile(r"^\s*(?P<attr>[A-Za-z0-9]+)\s*:\s*(?P<old>.*?)\s*\|\s*(?P<new>.*)$")


def load_ignore():
    if not IGNORE_FILE.exists():
        return []
    patterns = []
    for line in IGNORE_FILE.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            patterns.append(line)
    return patterns


def ignored(path, patterns):
    return any(fnmatch.fnmatch(path, p) for p in patterns)


def find_config(explicit):
    if explicit:
        return explicit
    for candidate in AIDE_CONFIGS:
        check = subprocess.run(["sudo", "-n", "test", "-f", candidate])
        if check.returncode == 0:
            return candidate
    return AIDE_CONFIGS[0]


def run_aide(config, timeout):
    argv = ["sudo", "aide", f"--config={config}", "--check"]
    print("+", " ".join(argv), file=sys.stderr)
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    # aide exit codes: 0 no changes, 1-7 bit field of added/removed/changed, >=14 errors
    if proc.returncode >= 14:
        raise RuntimeError(proc.stderr.strip() or f"aide exited with {proc.returncode}")
    return proc.returncode, proc.stdout


def parse_report(text):
    entries = {"added": [], "removed": [], "changed": []}
    details = defaultdict(dict)
    section = None
    current_detail = None
    for line in text.splitlines():
        lower = line.lower()
        if lower.startswith("added entries"):
            section = "added"
            continue
        if lower.startswith("removed entries"):
            section = "removed"
            continue
        if lower.startswith("changed entries"):
            section = "changed"
            continue
        if lower.startswith("detailed information about changes"):
            section = "details"
            continue
        if SECTION_RE.match(line) or not line.strip():
            continue
        if section in ("added", "removed", "changed"):
            m = ENTRY_RE.match(line.strip())
            if m:
                entries[section].append({"path": m.group("path"), "flags": m.group("flags").strip()})
        elif section == "details":
            if line.startswith(("File: ", "Directory: ", "Link: ")):
                current_detail = line.split(": ", 1)[1].strip()
                continue
            m = ATTR_LINE_RE.match(line)
            if m and current_detail:
                details[current_detail][m.group("attr")] = {"old": m.group("old"), "new": m.group("new")}
    return entries, details


def unused_patterns(entries, patterns):
    """Ignore patterns that matched nothing are probably outdated; list them."""
    all_paths = [e["path"] for items in entries.values() for e in items]
    return [p for p in patterns if not any(fnmatch.fnmatch(path, p) for path in all_paths)]


def top_dir(path):
    parts = path.strip("/").split("/")
    return "/" + parts[0] if parts and parts[0] else "/"


def summarise(entries, details, patterns):
    unexpected = {k: [e for e in v if not ignored(e["path"], patterns)] for k, v in entries.items()}
    by_dir = Counter()
    by_attr = Counter()
    for kind, items in unexpected.items():
        for e in items:
            by_dir[(kind, top_dir(e["path"]))] += 1
            for attr in details.get(e["path"], {}):
                by_attr[attr] += 1
    return unexpected, by_dir, by_attr


def markdown(host, code, unexpected, by_dir, by_attr, ignored_count):
    lines = [f"## AIDE check on {host}", "", f"- aide exit code: {code}",
             f"- ignored by patterns: {ignored_count}"]
    for kind in ("added", "removed", "changed"):
        lines.append(f"- {kind}: {len(unexpected[kind])}")
    if by_dir:
        lines += ["", "| change | directory | entries |", "|---|---|---:|"]
        for (kind, d), n in sorted(by_dir.items(), key=lambda kv: -kv[1]):
            lines.append(f"| {kind} | {d} | {n} |")
    if by_attr:
        lines += ["", "Changed attributes: " + ", ".join(f"{a} ({n})" for a, n in by_attr.most_common())]
    for kind in ("added", "removed", "changed"):
        for e in unexpected[kind][:20]:
            lines.append(f"    {kind[0].upper()} {e['path']}")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.strip().split("\n")[0])
    ap.add_argument("--config", help="aide.conf to use (default: system config)")
    ap.add_argument("--timeout", type=int, default=3600)
    ap.add_argument("--from-file", type=Path, help="parse a saved aide report instead of running aide")
    args = ap.parse_args()

    patterns = load_ignore()
    host = socket.gethostname()
    try:
        if args.from_file:
            code, text = 0, args.from_file.read_text()
        else:
            code, text = run_aide(find_config(args.config), args.timeout)
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        print(f"aide failed: {exc}", file=sys.stderr)
        return 2

    entries, details = parse_report(text)
    unexpected, by_dir, by_attr = summarise(entries, details, patterns)
    total = sum(len(v) for v in entries.values())
    kept = sum(len(v) for v in unexpected.values())
    print(markdown(host, code, unexpected, by_dir, by_attr, total - kept))
    for p in unused_patterns(entries, patterns):
        print(f"note: ignore pattern {p!r} matched nothing", file=sys.stderr)

    OUT_DIR.mkdir(parents=True, exist_ok=True)
    out = OUT_DIR / f"{host}-{datetime.date.today():%Y%m%d}.json"
    out.write_text(json.dumps({
        "host": host,
        "exit_code": code,
        "entries": entries,
        "unexpected": unexpected,
        "details": details,
    }, indent=2))
    print(f"\nsaved {out.relative_to(ROOT)}", file=sys.stderr)
    return 1 if kept else 0


if __name__ == "__main__":
    sys.exit(main())
