#!/usr/bin/env python3
"""Cut a release: update CHANGELOG.md from conventional commits, tag, push.

Steps (each printed before it runs):
  1. collect commits since the last tag with `git log`
  2. group them by type and prepend a section to CHANGELOG.md
  3. commit the changelog, create an annotated tag, push branch and tag to origin
"""
import argparse
import re
import subprocess
import sys
from collections import defaultdict
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHANGELOG = ROOT / "CHANGELOG.md"
SECTIONS = {
    "feat": "Features",
    "fix": "Bug fixes",
    "perf": "Performance",
    "docs": "Documentation",
}
COMMIT_RE = re.compile(r"^(?P<type>\w+)(\((?P<scope>[^)]+)\))?(?P<bang>!)?: (?P<subject>.+)$")


def git(*args: str, capture: bool = True) -> str:
    print("+ git " + " ".join(args))
    out = subprocess.run(["git", *args], cwd=ROOT, check=True,
                         capture_output=capture, text=True)
    return out.stdout.strip() if capture else ""


def last_tag() -> str | None:
    try:
        return git("describe", "--tags", "--abbrev=0")
    except subprocess.CalledProcessError:
        return None


def collect(since: str | None) -> dict[str, list[str]]:
    rng = f"{since}..HEAD" if since else "HEAD"
    log = git("log", rng, "--no-merges", "--pretty=format:%s")
    groups: dict[str, list[str]] = defaultdict(list)
    for line in filter(None, log.splitlines()):
        m = COMMIT_RE.match(line)
        if not m or m["type"] not in SECTIONS:
            continue
        scope = f"**{m['scope']}:** " if m["scope"] else ""
        breaking = " (BREAKING)" if m["bang"] else ""
        groups[m["type"]].append(f"- {scope}{m['subject']}{breaking}")
    return groups


def render(version: str, groups: dict[str, list[str]]) -> str:
    out = [f"## {version} - {date.today().isoformat()}", ""]
    for key, title in SECTIONS.items():
        if groups.get(key):
            out += [f"### {title}", "", *groups[key], ""]
    return "\n".join(out) + "\n"


def prepend(text: str) -> None:
    old = CHANGELOG.read_text() if CHANGELOG.exists() else "# Changelog\n\n"
    head, _, rest = old.partition("\n\n")
    CHANGELOG.write_text(f"{head}\n\n{text}{rest}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("version", help="e.g. 2.5.0")
    ap.add_argument("--no-push", action="store_true")
    args = ap.parse_args()
    if not re.fullmatch(r"\d+\.\d+\.\d+", args.version):
        print("version must be MAJOR.MINOR.PATCH", file=sys.stderr)
        return 2
    if git("status", "--porcelain"):
        print("working tree is dirty; commit or stash first", file=sys.stderr)
        return 1
    groups = collect(last_tag())
    if not any(groups.values()):
        print("no user-facing commits since last tag", file=sys.stderr)
        return 1
    prepend(render(args.version, groups))
    tag = f"v{args.version}"
    git("add", "CHANGELOG.md", capture=False)
    git("commit", "-m", f"chore(release): {tag}", capture=False)
    git("tag", "-a", tag, "-m", f"Release {tag}", capture=False)
    if not args.no_push:
        branch = git("rev-parse", "--abbrev-ref", "HEAD")
        git("push", "origin", branch, capture=False)
        git("push", "origin", tag, capture=False)
    print(f"released {tag}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
