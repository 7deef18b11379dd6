#!/usr/bin/env python3
"""Lint Prometheus alerting rules beyond what `promtool check rules` covers.

House rules enforced here:
  * every alert has `severity` in {info, warning, critical} and a `team` label
  * every alert has `summary` and `runbook_url` annotations
  * runbook links point at the docs site, not at random wikis
  * `for:` is at least 1m for anything that pages
  * expressions do not use `rate()` over a range shorter than 2x scrape interval

promtool runs first on every file (argv built from the discovered paths);
its exit code is folded into ours.
"""
import argparse
import re
import shutil
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
RULE_DIRS = [ROOT / "monitoring" / "alerts", ROOT / "monitoring" / "recording"]
RUNBOOK_PREFIX = "https://docs.internal/runbooks/"
SEVERITIES = {"info", "warning", "critical"}
SCRAPE_INTERVAL_S = 30

DURATION_RE = re.compile(r"^(\d+)(ms|s|m|h|d|w)$")
RATE_RE = re.compile(r"\b(?:rate|irate|increase)\([^\[]+\[(\d+[smhdw])\]")
UNITS = {"ms": 0.001, "s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}


class Finding:
    __slots__ = ("path", "group", "rule", "level", "message")

    def __init__(self, path, group, rule, level, message):
        self.path, self.group, self.rule = path, group, rule
        self.level, self.message = level, message

    def __str__(self):
        rel = self.path.relative_to(ROOT)
        return f"{rel}: [{self.level}] {self.group}/{self.rule}: {self.message}"


def seconds(duration: str) -> float:
    m = DURATION_RE.match(duration.strip())
    if not m:
        raise ValueError(f"bad duration {duration!r}")
    return int(m.group(1)) * UNITS[m.group(2)]


def discover(paths):
    if paths:
        return [Path(p).resolve() for p in paths]
    files = []
    for d in RULE_DIRS:
        if d.is_dir():
            files += sorted(d.rglob("*.yml")) + sorted(d.rglob("*.yaml"))
    return files


def run_promtool(files) -> int:
    exe = shutil.which("promtool")
    if exe is None:
        print("promtool not installed; skipping syntax check", file=sys.stderr)
        return 0
    argv = [exe, "check", "rules", *map(str, files)]
    res = subprocess.run(argv, capture_output=True, text=True)
    if res.returncode != 0:
        sys.stdout.write(res.stdout)
        sys.stderr.write(res.stderr)
    return res.returncode


def lint_alert(path, group, rule):
    name = rule.get("alert", "?")
    labels = rule.get("labels") or {}
    ann = rule.get("annotations") or {}
    sev = labels.get("severity")
    if sev not in SEVERITIES:
        yield Finding(path, group, name, "error", f"severity {sev!r} not in {sorted(SEVERITIES)}")
    if "team" not in labels:
        yield Finding(path, group, name, "error", "missing team label")
    for key in ("summary", "runbook_url"):
        if not ann.get(key):
            yield Finding(path, group, name, "error", f"missing {key} annotation")
    url = ann.get("runbook_url", "")
    if url and not url.startswith(RUNBOOK_PREFIX):
        yield Finding(path, group, name, "warn", f"runbook_url not under {RUNBOOK_PREFIX}")
    if sev == "critical":
        try:
            if seconds(rule.get("for", "0s")) < 60:
                yield Finding(path, group, name, "error", "critical alert with for < 1m")
        except ValueError as exc:
            yield Finding(path, group, name, "error", str(exc))
    yield from lint_expr(path, group, name, rule.get("expr", ""))


def lint_expr(path, group, name, expr):
    if not expr:
        yield Finding(path, group, name, "error", "empty expr")
        return
    for rng in RATE_RE.findall(str(expr)):
        if seconds(rng) < 2 * SCRAPE_INTERVAL_S:
            yield Finding(path, group, name, "warn",
                          f"rate range [{rng}] shorter than 2x scrape interval")
    if "without" not in expr and "by (" not in expr and "sum(" in expr.replace(" ", ""):
        yield Finding(path, group, name, "info", "sum() without by/without drops all labels")


def lint_file(path: Path):
    try:
        doc = yaml.safe_load(path.read_text()) or {}
    except yaml.YAMLError as exc:
        yield Finding(path, "-", "-", "error", f"yaml: {exc}")
        return
    seen = defaultdict(int)
    for group in doc.get("groups", []):
        gname = group.get("name", "?")
        interval = group.get("interval")
        if interval:
            try:
                if seconds(interval) < SCRAPE_INTERVAL_S:
                    yield Finding(path, gname, "-", "warn", f"group interval {interval} < scrape")
            except ValueError as exc:
                yield Finding(path, gname, "-", "error", str(exc))
        for rule in group.get("rules", []):
            if "alert" in rule:
                seen[rule["alert"]] += 1
                yield from lint_alert(path, gname, rule)
            elif "record" in rule:
                if ":" not in rule["record"]:
                    yield Finding(path, gname, rule["record"], "warn",
                                  "recording rule name should be level:metric:operations")
    for alert, count in seen.items():
        if count > 1:
            yield Finding(path, "-", alert, "warn", f"alert defined {count} times in one file")


IGNORE_FILE = ROOT / "monitoring" / ".alertlint-ignore"


def load_ignores() -> set:
    """Lines of the form `<alert name> <message prefix>`; '#' starts a comment."""
    ignores = set()
    if not IGNORE_FILE.exists():
        return ignores
    for raw in IGNORE_FILE.read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        alert, _, prefix = line.partition(" ")
        ignores.add((alert, prefix.strip()))
    return ignores


def ignored(finding: Finding, ignores: set) -> bool:
    for alert, prefix in ignores:
        if finding.rule == alert and finding.message.startswith(prefix):
            return True
    return False


def github_annotation(finding: Finding) -> str:
    level = {"error": "error", "warn": "warning"}.get(finding.level, "notice")
    rel = finding.path.relative_to(ROOT)
    return f"::{level} file={rel},title={finding.rule}::{finding.message}"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="*")
    ap.add_argument("--format", choices=("text", "github"), default="text")
    ap.add_argument("--no-promtool", action="store_true")
    ap.add_argument("--strict", action="store_true", help="warnings fail too")
    args = ap.parse_args()
    files = discover(args.files)
    if not files:
        print("no rule files found")
        return 0
    rc = 0 if args.no_promtool else run_promtool(files)
    counts = defaultdict(int)
    ignores = load_ignores()
    for f in files:
        for finding in lint_file(f):
            if ignored(finding, ignores):
                counts["ignored"] += 1
                continue
            counts[finding.level] += 1
            print(github_annotation(finding) if args.format == "github" else finding)
    if counts["ignored"]:
        print(f"({counts['ignored']} findings suppressed by {IGNORE_FILE.name})")
    print(f"\n{len(files)} files: {counts['error']} errors, {counts['warn']} warnings, "
          f"{counts['info']} notes")
    if counts["error"] or (args.strict and counts["warn"]):
        rc = rc or 1
    return rc


if __name__ == "__main__":
    sys.exit(main())
