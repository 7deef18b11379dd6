#!/usr/bin/env python3
"""Prepare a release of the Elixir SDK: version in mix.exs, CHANGELOG, README.

Reads commits since the last `v*` tag, sorts them into Keep a Changelog
sections using their conventional-commit prefix, and rewrites:
  mix.exs        @version "x.y.z"
  CHANGELOG.md   new section above the previous release
  README.md      {:acme_sdk, "~> x.y"} install snippet
Nothing is committed unless --commit; nothing is ever pushed.
"""
import argparse
import datetime
import re
import subprocess
import sys
from collections import OrderedDict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MIX = ROOT / "mix.exs"
CHANGELOG = ROOT / "CHANGELOG.md"
README = ROOT / "README.md"
SECTIONS = OrderedDict([
    ("feat", "Added"),
    ("fix", "Fixed"),
    ("perf", "Changed"),
    ("refactor", "Changed"),
    ("deprecate", "Deprecated"),
    ("remove", "Removed"),
    ("security", "Security"),
])
CONVENTIONAL = re.compile(r"^(?P<type>[a-z]+)(?:\((?P<scope>[^)]*)\))?(?P<bang>!)?:\s*(?P<text>.+)$")


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout.strip()


def last_tag() -> str | None:
    try:
        return git("describe", "--tags", "--abbrev=0", "--match", "v*")
    except subprocess.CalledProcessError:
        return None


def commits_since(tag: str | None) -> list[dict]:
    rng = f"{tag}..HEAD" if tag else "HEAD"
    raw = git("log", rng, "--no-merges", "--format=%h%x00%s%x00%b%x1e")
    out = []
    for chunk in raw.split("\x1e"):
        chunk = chunk.strip()
        if not chunk:
            continue
        sha, subject, body = (chunk.split("\x00") + ["", ""])[:3]
        m = CONVENTIONAL.match(subject)
        out.append({
            "sha": sha,
            "type": m.group("type") if m else "other",
            "scope": m.group("scope") if m else None,
            "breaking": bool(m and m.group("bang")) or "BREAKING CHANGE" in body,
            "text": m.group("text") if m else subject,
        })
    return out


def current_version() -> str:
    m = re.search(r'@version "([^"]+)"', MIX.read_text())
    if not m:
        raise SystemExit("no @version in mix.exs")
    return m.group(1)


def next_version(current: str, commits: list[dict], forced: str | None) -> str:
    if forced:
        return forced
    major, minor, patch = (int(x) for x in current.split("-")[0].split("."))
    if any(c["breaking"] for c in commits):
        return f"{major}.{minor + 1}.0" if major == 0 else f"{major + 1}.0.0"
    if any(c["type"] == "feat" for c in commits):
        return f"{major}.{minor + 1}.0"
    return f"{major}.{minor}.{patch + 1}"


def changelog_section(version: str, commits: list[dict], today: str) -> str:
    grouped: OrderedDict[str, list[str]] = OrderedDict((v, []) for v in dict.fromkeys(SECTIONS.values()))
    breaking = []
    for c in commits:
        line = f"- {c['text']}" + (f" ({c['scope']})" if c["scope"] else "") + f" [{c['sha']}]"
        if c["breaking"]:
            breaking.append(line)
        heading = SECTIONS.get(c["type"])
        if heading:
            grouped[heading].append(line)
    parts = [f"## [{version}] - {today}", ""]
    if breaking:
        parts += ["### Breaking", "", *breaking, ""]
    for heading, lines in grouped.items():
        if lines:
            parts += [f"### {heading}", "", *lines, ""]
    return "\n".join(parts)


def rewrite_mix(version: str) -> str:
    return re.sub(r'@version "[^"]+"', f'@version "{version}"', MIX.read_text(), count=1)


def rewrite_changelog(section: str) -> str:
    text = CHANGELOG.read_text() if CHANGELOG.exists() else "# Changelog\n\n"
    marker = re.search(r"^## \[", text, re.M)
    if marker:
        return text[:marker.start()] + section + "\n" + text[marker.start():]
    return text.rstrip() + "\n\n" + section + "\n"


def rewrite_readme(version: str) -> str:
    major_minor = ".".join(version.split(".")[:2])
    return re.sub(r'\{:acme_sdk, "~> [\d.]+"\}', f'{{:acme_sdk, "~> {major_minor}"}}', README.read_text())


def contributors(tag: str | None) -> list[str]:
    """Authors since the last tag, for the thank-you line in the release notes."""
    rng = f"{tag}..HEAD" if tag else "HEAD"
    names = git("log", rng, "--no-merges", "--format=%aN").splitlines()
    seen: list[str] = []
    for name in names:
        if name and name not in seen and not name.endswith("[bot]"):
            seen.append(name)
    return seen


def check_hex_metadata() -> list[str]:
    """mix hex.publish fails late on missing package metadata; check early."""
    text = MIX.read_text()
    problems = []
    for key in ("description:", "licenses:", "links:"):
        if key not in text:
            problems.append(f"mix.exs package() is missing {key.rstrip(':')}")
    return problems


def main() -> int:
    ap = argparse.ArgumentParser(description="prepare an SDK release")
    ap.add_argument("--version", help="override the computed version")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("--commit", action="store_true")
    args = ap.parse_args()

    if git("status", "--porcelain"):
        print("uncommitted changes; aborting", file=sys.stderr)
        return 1
    tag = last_tag()
    commits = commits_since(tag)
    if not commits:
        print(f"no commits since {tag}")
        return 0
    current = current_version()
    version = next_version(current, commits, args.version)
    today = datetime.date.today().isoformat()
    section = changelog_section(version, commits, today)
    print(f"{current} -> {version} ({len(commits)} commits since {tag or 'the beginning'})\n")
    print(section)
    people = contributors(tag)
    if people:
        print("Thanks to " + ", ".join(people))
    for problem in check_hex_metadata():
        print(f"warning: {problem}")

    new_files = {MIX: rewrite_mix(version), CHANGELOG: rewrite_changelog(section)}
    if README.exists():
        new_files[README] = rewrite_readme(version)
    if args.dry_run:
        return 0
    for path, content in new_files.items():
        path.write_text(content)
        print(f"updated {path.relative_to(ROOT)}")
    subprocess.run(["mix", "format", "mix.exs"], cwd=ROOT, check=False)
    if args.commit:
        git("add", *[str(p.relative_to(ROOT)) for p in new_files])
        git("commit", "-m", f"Release v{version}")
        git("tag", "-a", f"v{version}", "-m", f"v{version}")
        print(f"committed and tagged v{version} locally")
    return 0


if __name__ == "__main__":
    sys.exit(main())
