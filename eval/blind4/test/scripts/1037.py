#!/usr/bin/env python3
"""Prepare a release of the Rails app: update VERSION, CHANGELOG and tag.

Usage: python scripts/prepare_release.py 3.7.0 [--dry-run]
Nothing is pushed; the script prints the push command at the end.
"""
import argparse
import re
import subprocess
import sys
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VERSION_FILE = ROOT / "VERSION"
CHANGELOG = ROOT / "CHANGELOG.md"
SEMVER = re.compile(r"^\d+\.\d+\.\d+(-[0-9A-Za-z.]+)?$")


def git(*args: str, check: bool = True) -> str:
    res = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=check)
    return res.stdout.strip()


def previous_tag() -> str | None:
    out = subprocess.run(["git", "describe", "--tags", "--abbrev=0"], cwd=ROOT, capture_output=True, text=True)
    return out.stdout.strip() or None


def commit_subjects(since: str | None) -> list[str]:
    rng = f"{since}..HEAD" if since else "HEAD"
    out = git("log", rng, "--no-merges", "--pretty=%s")
    return [l for l in out.splitlines() if l and not l.startswith(("chore(release)", "Merge "))]


def render_entry(version: str, subjects: list[str]) -> str:
    lines = [f"## [{version}] - {date.today().isoformat()}", ""]
    groups = {"Added": [], "Fixed": [], "Changed": []}
    for s in subjects:
        if s.startswith("feat"):
            groups["Added"].append(s.split(":", 1)[-1].strip())
        elif s.startswith("fix"):
            groups["Fixed"].append(s.split(":", 1)[-1].strip())
        else:
            groups["Changed"].append(s)
    for title, items in groups.items():
        if items:
            lines.append(f"### {title}")
            lines.extend(f"- {i}" for i in items)
            lines.append("")
    return "\n".join(lines) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("version")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    if not SEMVER.match(args.version):
        print(f"not a semantic version: {args.version}", file=sys.stderr)
        return 2
    if git("status", "--porcelain"):
        print("working tree is dirty", file=sys.stderr)
        return 1
    entry = render_entry(args.version, commit_subjects(previous_tag()))
    if args.dry_run:
        print(entry)
        return 0
    VERSION_FILE.write_text(args.version + "\n")
    old = CHANGELOG.read_text() if CHANGELOG.exists() else "# Changelog\n\n"
    head, _, rest = old.partition("\n## ")
    CHANGELOG.write_text(f"{head.rstrip()}\n\n{entry}" + (f"\n## {rest}" if rest else ""))
    git("add", "VERSION", "CHANGELOG.md")
    git("commit", "-m", f"chore(release): {args.version}")
    git("tag", "-a", f"v{args.version}", "-m", f"Release {args.version}")
    print(f"tagged v{args.version}. push with: git push origin HEAD v{args.version}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
