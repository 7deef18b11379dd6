#!/usr/bin/env python3
"""Generate the next CHANGELOG section from conventional commits since the last tag."""
import argparse
import re
import subprocess
import sys
from datetime import date
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CHANGELOG = REPO / "CHANGELOG.md"
SECTIONS = {"feat": "Features", "fix": "Bug fixes", "perf": "Performance", "docs": "Documentation"}
PATTERN = re.compile(r"^(?P<kind>\w+)(\((?P<scope>[^)]+)\))?(?P<bang>!)?: (?P<msg>.+)$")


def git(*args: str) -> str:
    out = subprocess.run(["git", *args], cwd=REPO, check=True, capture_output=True, text=True)
    return out.stdout.strip()


def last_tag() -> str | None:
    try:
        return git("describe", "--tags", "--abbrev=0")
    except subprocess.CalledProcessError:
        return None


def collect(since: str | None) -> dict[str, list[str]]:
    rng = f"{since}..HEAD" if since else "HEAD"
    grouped: dict[str, list[str]] = {k: [] for k in SECTIONS}
    for line in git("log", rng, "--pretty=format:%s").splitlines():
        m = PATTERN.match(line)
        if not m or m["kind"] not in SECTIONS:
            continue
        scope = f"**{m['scope']}**: " if m["scope"] else ""
        grouped[m["kind"]].append(f"- {scope}{m['msg']}")
    return grouped


def render(version: str, grouped: dict[str, list[str]]) -> str:
    parts = [f"## {version} ({date.today().isoformat()})", ""]
    for kind, title in SECTIONS.items():
        if grouped[kind]:
            parts += [f"### {title}", "", *grouped[kind], ""]
    return "\n".join(parts)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("version")
    ap.add_argument("--dry-run", action="store_true")
    ns = ap.parse_args()
    section = render(ns.version, collect(last_tag()))
    if ns.dry_run:
        print(section)
        return 0
    old = CHANGELOG.read_text() if CHANGELOG.exists() else "# Changelog\n\n"
    head, _, rest = old.partition("\n\n")
    CHANGELOG.write_text(f"{head}\n\n{section}\n{rest}")
    print(f"updated {CHANGELOG.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
