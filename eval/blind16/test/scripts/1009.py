#!/usr/bin/env python3
"""Draft release notes between two tags from merge commits (read-only).

    python tools/release_notes.py v0.8.0 v0.9.0 [--format md|json] [--group-by label]

Reads `git log --merges --first-parent` between the two refs, extracts the PR
number and title from GitHub-style merge subjects ("Merge pull request #123
from user/branch"), looks up labels recorded in git notes under
refs/notes/pr-labels when present, and prints grouped notes. It never creates
notes, tags or commits; all git calls are fixed read-only argv lists.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from argparse import ArgumentParser
from collections import OrderedDict, defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
MERGE_RE = re.compile(r"^Merge pull request #(?P<num>\d+) from (?P<branch>\S+)")
SQUASH_RE = re.compile(r"^(?P<title>.+?) \(#(?P<num>\d+)\)$")
LABEL_ORDER = ["breaking", "feature", "fix", "performance", "docs", "chore"]
BRANCH_HINTS = {"feat/": "feature", "fix/": "fix", "perf/": "performance", "docs/": "docs"}


@dataclass
class Change:
    sha: str
    number: int | None
    title: str
    author: str
    branch: str = ""
    labels: list[str] = field(default_factory=list)


def git_read(*args: str) -> str:
    proc = subprocess.run(
        ["git", "-C", str(REPO), "--no-pager", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        raise SystemExit(f"git {' '.join(args[:2])} failed: {proc.stderr.strip()}")
    return proc.stdout


def verify_ref(ref: str) -> str:
    return git_read("rev-parse", "--verify", f"{ref}^{{commit}}").strip()


def notes_labels(sha: str) -> list[str]:
    proc = subprocess.run(
        ["git", "-C", str(REPO), "notes", "--ref=pr-labels", "show", sha],
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0:
        return []
    return [l.strip().lower() for l in proc.stdout.replace(",", "\n").splitlines() if l.strip()]


def collect(base: str, head: str) -> list[Change]:
    fmt = "%H%x1e%an%x1e%s%x1e%b%x1d"
    raw = git_read("log", "--first-parent", f"--format={fmt}", f"{base}..{head}")
    changes = []
    for record in raw.split("\x1d"):
        record = record.strip()
        if not record:
            continue
        sha, author, subject, body = (record.split("\x1e") + ["", "", "", ""])[:4]
        m = MERGE_RE.match(subject)
        if m:
            title = body.strip().splitlines()[0] if body.strip() else subject
            changes.append(Change(sha, int(m["num"]), title, author, m["branch"]))
            continue
        s = SQUASH_RE.match(subject)
        if s:
            changes.append(Change(sha, int(s["num"]), s["title"], author))
        else:
            changes.append(Change(sha, None, subject, author))
    for c in changes:
        c.labels = notes_labels(c.sha) or guess_labels(c)
    return changes


def guess_labels(change: Change) -> list[str]:
    branch = change.branch.split("/", 1)[-1] if "/" in change.branch else change.branch
    for prefix, label in BRANCH_HINTS.items():
        if branch.startswith(prefix):
            return [label]
    lowered = change.title.lower()
    if lowered.startswith(("fix", "bug")):
        return ["fix"]
    if "breaking" in lowered or lowered.endswith("!"):
        return ["breaking"]
    return ["chore"]


def group(changes: list[Change]) -> "OrderedDict[str, list[Change]]":
    buckets: dict[str, list[Change]] = defaultdict(list)
    for c in changes:
        primary = next((l for l in LABEL_ORDER if l in c.labels), c.labels[0] if c.labels else "chore")
        buckets[primary].append(c)
    ordered = OrderedDict()
    for label in LABEL_ORDER + sorted(set(buckets) - set(LABEL_ORDER)):
        if buckets.get(label):
            ordered[label] = buckets[label]
    return ordered


def render_markdown(base: str, head: str, grouped: "OrderedDict[str, list[Change]]") -> str:
    titles = {"breaking": "Breaking changes", "feature": "Features", "fix": "Fixes",
              "performance": "Performance", "docs": "Documentation", "chore": "Maintenance"}
    lines = [f"## Changes from {base} to {head}", ""]
    for label, items in grouped.items():
        lines.append(f"### {titles.get(label, label.title())}")
        lines.append("")
        for c in items:
            ref = f"#{c.number}" if c.number else c.sha[:8]
            lines.append(f"- {c.title} ({ref}, @{c.author})")
        lines.append("")
    contributors = sorted({c.author for items in grouped.values() for c in items})
    lines.append(f"Thanks to {len(contributors)} contributors: " + ", ".join(contributors))
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    cli = ArgumentParser(prog="release_notes")
    cli.add_argument("base")
    cli.add_argument("head", nargs="?", default="HEAD")
    cli.add_argument("--format", choices=["md", "json"], default="md")
    opts = cli.parse_args(argv)

    verify_ref(opts.base)
    verify_ref(opts.head)
    changes = collect(opts.base, opts.head)
    if not changes:
        print(f"no changes between {opts.base} and {opts.head}", file=sys.stderr)
        return 1
    grouped = group(changes)
    if opts.format == "json":
        print(json.dumps({k: [asdict(c) for c in v] for k, v in grouped.items()}, indent=2))
    else:
        print(render_markdown(opts.base, opts.head, grouped))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
