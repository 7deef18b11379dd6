#!/usr/bin/env python3
"""Cut a release: bump pyproject version, roll the changelog, tag, push and
publish a GitHub release for the current repository.

    GITHUB_TOKEN=... python3 scripts/cut_release.py minor
    python3 scripts/cut_release.py patch --dry-run
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import re
import subprocess
import sys
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"
CHANGELOG = ROOT / "CHANGELOG.md"
VERSION_RE = re.compile(r'^version\s*=\s*"(\d+)\.(\d+)\.(\d+)"', re.M)
REMOTE_RE = re.compile(r"github\.com[:/](?P<owner>[\w.-]+)/(?P<repo>[\w.-]+?)(?:\.git)?$")
API = "https://api.github.com"


def git(*args: str, capture: bool = True) -> str:
    proc = subprocess.run(["git", *args], cwd=ROOT, capture_output=capture, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"git {' '.join(args)} failed: {proc.stderr.strip()}")
    return (proc.stdout or "").strip()


def current_version() -> tuple[int, int, int]:
    m = VERSION_RE.search(PYPROJECT.read_text(encoding="utf-8"))
    if not m:
        raise SystemExit("no version in pyproject.toml")
    return tuple(int(x) for x in m.groups())  # type: ignore[return-value]


def bump(version: tuple[int, int, int], part: str) -> tuple[int, int, int]:
    major, minor, patch = version
    if part == "major":
        return major + 1, 0, 0
    if part == "minor":
        return major, minor + 1, 0
    return major, minor, patch + 1


def fmt(v: tuple[int, int, int]) -> str:
    return ".".join(str(x) for x in v)


def ensure_clean_tree() -> None:
    if git("status", "--porcelain"):
        raise SystemExit("working tree is dirty; commit or stash first")
    branch = git("rev-parse", "--abbrev-ref", "HEAD")
    if branch != "main":
        print(f"note: releasing from branch {branch}")


def commits_since(tag: str | None) -> list[str]:
    rng = f"{tag}..HEAD" if tag else "HEAD"
    out = git("log", rng, "--pretty=format:%s (%h)", "--no-merges")
    return [line for line in out.splitlines() if line]


def last_tag() -> str | None:
    proc = subprocess.run(["git", "describe", "--tags", "--abbrev=0"], cwd=ROOT,
                          capture_output=True, text=True)
    return proc.stdout.strip() if proc.returncode == 0 else None


def group_commits(lines: list[str]) -> dict[str, list[str]]:
    groups: dict[str, list[str]] = {"Features": [], "Fixes": [], "Other": []}
    for line in lines:
        if line.startswith("feat"):
            groups["Features"].append(line.split(":", 1)[-1].strip())
        elif line.startswith("fix"):
            groups["Fixes"].append(line.split(":", 1)[-1].strip())
        elif not line.startswith(("chore(release)", "Merge")):
            groups["Other"].append(line)
    return {k: v for k, v in groups.items() if v}


def render_notes(version: str, groups: dict[str, list[str]]) -> str:
    today = dt.date.today().isoformat()
    parts = [f"## {version} - {today}", ""]
    for title, items in groups.items():
        parts.append(f"### {title}")
        parts.extend(f"- {item}" for item in items)
        parts.append("")
    return "\n".join(parts)


def write_files(new_version: str, notes: str) -> None:
    text = PYPROJECT.read_text(encoding="utf-8")
    text = VERSION_RE.sub(f'version = "{new_version}"', text, count=1)
    PYPROJECT.write_text(text, encoding="utf-8")
    old = CHANGELOG.read_text(encoding="utf-8") if CHANGELOG.exists() else "# Changelog\n"
    head, sep, rest = old.partition("\n")
    CHANGELOG.write_text(f"{head}{sep}\n{notes}\n{rest.lstrip()}", encoding="utf-8")


def repo_slug() -> tuple[str, str]:
    url = git("remote", "get-url", "origin")
    m = REMOTE_RE.search(url)
    if not m:
        raise SystemExit(f"origin is not a GitHub remote: {url}")
    return m.group("owner"), m.group("repo")


def create_github_release(tag: str, notes: str, draft: bool) -> str:
    token = os.environ.get("GITHUB_TOKEN")
    if not token:
        raise SystemExit("GITHUB_TOKEN is required to publish the release")
    owner, repo = repo_slug()
    body = json.dumps({"tag_name": tag, "name": tag, "body": notes, "draft": draft}).encode()
    req = urllib.request.Request(
        f"{API}/repos/{owner}/{repo}/releases",
        data=body,
        method="POST",
        headers={
            "Authorization": f"Bearer {token}",
            "Accept": "application/vnd.github+json",
            "X-GitHub-Api-Version": "2022-11-28",
        },
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.load(resp)["html_url"]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("part", choices=["major", "minor", "patch"])
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--draft", action="store_true")
    ap.add_argument("--no-sign", action="store_true", help="create an unsigned tag")
    args = ap.parse_args(argv)

    ensure_clean_tree()
    old = current_version()
    new = fmt(bump(old, args.part))
    tag = f"v{new}"
    groups = group_commits(commits_since(last_tag()))
    notes = render_notes(new, groups)
    print(f"{fmt(old)} -> {new}\n\n{notes}")
    if args.dry_run:
        return 0
    write_files(new, notes)
    git("add", "pyproject.toml", "CHANGELOG.md")
    git("commit", "-m", f"chore(release): {tag}")
    git("tag", "-a" if args.no_sign else "-s", tag, "-m", f"Release {tag}")
    git("push", "origin", "HEAD", capture=False)
    git("push", "origin", tag, capture=False)
    url = create_github_release(tag, notes, args.draft)
    print(f"released {tag}: {url}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
