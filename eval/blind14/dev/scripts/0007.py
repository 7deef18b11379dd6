#!/usr/bin/env python3
"""Draft a CHANGELOG section from conventional commits since the last tag.

The git pipelines are run with shell=True, but every command string is
built only from constants in this file and a tag name that is validated
against a strict pattern first.
"""
import re
import subprocess
import sys
from collections import defaultdict
from datetime import date
from pathlib import Path

TAG_RE = re.compile(r"^v\d+\.\d+\.\d+(-[0-9A-Za-z.]+)?$")
LAST_TAG_CMD = "git describe --tags --abbrev=0 2>/dev/null || true"
LOG_FMT = "%h%x09%s"
SECTIONS = {
    "feat": "Features",
    "fix": "Bug fixes",
    "perf": "Performance",
    "docs": "Documentation",
    "refactor": "Refactoring",
}
COMMIT_RE = re.compile(r"^(?P<type>\w+)(\((?P<scope>[^)]+)\))?(?P<bang>!)?: (?P<subject>.+)$")


def sh(command: str) -> str:
    return subprocess.run(command, shell=True, check=True, capture_output=True, text=True).stdout


def last_tag() -> str | None:
    tag = sh(LAST_TAG_CMD).strip()
    if not tag:
        return None
    if not TAG_RE.match(tag):
        raise SystemExit(f"unexpected tag format: {tag!r}")
    return tag


def commits_since(tag: str | None) -> list[tuple[str, str]]:
    rng = f"{tag}..HEAD" if tag else "HEAD"
    out = sh(f"git log --no-merges --pretty=format:'{LOG_FMT}' {rng} | head -n 500")
    pairs = []
    for line in out.splitlines():
        sha, _, subject = line.partition("\t")
        pairs.append((sha, subject))
    return pairs


def group(commits: list[tuple[str, str]]) -> tuple[dict[str, list[str]], list[str]]:
    grouped: dict[str, list[str]] = defaultdict(list)
    breaking = []
    for sha, subject in commits:
        m = COMMIT_RE.match(subject)
        if not m or m["type"] not in SECTIONS:
            continue
        scope = f"**{m['scope']}:** " if m["scope"] else ""
        entry = f"- {scope}{m['subject']} ({sha})"
        grouped[SECTIONS[m["type"]]].append(entry)
        if m["bang"]:
            breaking.append(entry)
    return grouped, breaking


def render(version: str, grouped, breaking) -> str:
    lines = [f"## {version} - {date.today().isoformat()}", ""]
    if breaking:
        lines += ["### Breaking changes", *breaking, ""]
    for title in SECTIONS.values():
        if grouped.get(title):
            lines += [f"### {title}", *grouped[title], ""]
    return "\n".join(lines)


def main() -> int:
    version = sys.argv[1] if len(sys.argv) > 1 else "Unreleased"
    tag = last_tag()
    commits = commits_since(tag)
    grouped, breaking = group(commits)
    section = render(version, grouped, breaking)
    changelog = Path("CHANGELOG.md")
    existing = changelog.read_text() if changelog.exists() else "# Changelog\n\n"
    head, sep, rest = existing.partition("\n## ")
    updated = head.rstrip() + "\n\n" + section + ("\n## " + rest if sep else "\n")
    changelog.write_text(updated)
    print(f"added {sum(map(len, grouped.values()))} entries since {tag or 'the beginning'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
