#!/usr/bin/env python3
"""Check tools.toml pins against the latest GitHub releases and bump them.

For every [tool.<name>] with `repo = "owner/name"`, query
api.github.com/repos/<repo>/releases/latest, compare with `version`, and if a
newer release exists fetch the release's checksum asset to pin the new sha256
values. Nothing is written unless --write is given; --write edits tools.toml in
place (with a .bak copy). GITHUB_TOKEN, when set, is sent only to
api.github.com to raise the rate limit.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import time
import tomllib
import urllib.error
import urllib.request
from pathlib import Path

API = "https://api.github.com"
TOOLS_FILE = Path("tools.toml")
PLATFORMS = ("linux-amd64", "linux-arm64", "darwin-arm64")
VERSION_RE = re.compile(r"(\d+)\.(\d+)\.(\d+)")


class GitHub:
    def __init__(self, token: str | None):
        self.token = token
        self.calls = 0

    def _request(self, url: str, accept: str) -> bytes:
        headers = {"Accept": accept, "User-Agent": "pin-bumper", "X-GitHub-Api-Version": "2022-11-28"}
        if self.token and url.startswith(API + "/"):
            headers["Authorization"] = f"Bearer {self.token}"
        delay = 2.0
        for attempt in range(5):
            self.calls += 1
            try:
                with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=30) as r:
                    return r.read()
            except urllib.error.HTTPError as e:
                if e.code == 403 and e.headers.get("x-ratelimit-remaining") == "0":
                    reset = int(e.headers.get("x-ratelimit-reset", time.time() + 60))
                    raise SystemExit(f"rate limited until {time.ctime(reset)}; set GITHUB_TOKEN")
                if e.code >= 500 and attempt < 4:
                    time.sleep(delay)
                    delay *= 2
                    continue
                raise
        raise RuntimeError("unreachable")

    def latest(self, repo: str) -> dict:
        return json.loads(self._request(f"{API}/repos/{repo}/releases/latest", "application/vnd.github+json"))

    def asset_text(self, asset: dict) -> str:
        # asset API URL redirects to the release CDN; only the API call carries the token
        data = self._request(asset["url"], "application/octet-stream")
        return data.decode("utf-8", "replace")


def parse_version(s: str) -> tuple[int, ...]:
    m = VERSION_RE.search(s)
    return tuple(int(x) for x in m.groups()) if m else (0,)


def checksums_for(gh: GitHub, release: dict, pattern: str, version: str) -> dict[str, str]:
    sums_asset = next((a for a in release.get("assets", []) if re.search(r"(checksums|sha256)", a["name"], re.I)), None)
    if not sums_asset:
        return {}
    text = gh.asset_text(sums_asset)
    table = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 2:
            table[parts[1].lstrip("*")] = parts[0]
    pins = {}
    for plat in PLATFORMS:
        os_, arch = plat.split("-")
        name = pattern.format(version=version, os=os_, arch=arch)
        if name in table:
            pins[plat] = table[name]
    return pins


def bump_text(text: str, tool: str, new_version: str, pins: dict[str, str]) -> str:
    section = re.search(rf"^\[tool\.{re.escape(tool)}\]\s*$(.*?)(?=^\[|\Z)", text, re.M | re.S)
    if not section:
        return text
    body = section.group(1)
    body = re.sub(r'^(version\s*=\s*)"[^"]*"', rf'\1"{new_version}"', body, count=1, flags=re.M)
    for plat, sha in pins.items():
        body = re.sub(rf'^({re.escape(plat)}\s*=\s*)"[0-9a-f]*"', rf'\1"{sha}"', body, flags=re.M)
    return text[: section.start(1)] + body + text[section.end(1):]


def is_prerelease(release: dict) -> bool:
    return bool(release.get("prerelease")) or bool(re.search(r"(rc|beta|alpha)", release.get("tag_name", "")))


def release_notes_url(repo: str, tag: str) -> str:
    return f"https://github.com/{repo}/releases/tag/{tag}"


def changelog_entry(changes: list[tuple[str, str, str, str]]) -> str:
    """Markdown block for the PR description listing each bump."""
    lines = ["### Tool pin updates", ""]
    for name, old, new, url in changes:
        lines.append(f"- `{name}` {old} -> {new} ([notes]({url}))")
    return "\n".join(lines) + "\n"


def write_summary(entries: list[tuple[str, str, str, str]]) -> None:
    if not entries:
        return
    target = os.environ.get("GITHUB_STEP_SUMMARY")
    text = changelog_entry(entries)
    if target:
        with open(target, "a", encoding="utf-8") as fh:
            fh.write(text)
    else:
        print()
        print(text)


def main() -> int:
    ap = argparse.ArgumentParser(description="bump tools.toml pins from GitHub releases")
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--only", action="append", default=[])
    ap.add_argument("--allow-major", action="store_true")
    opts = ap.parse_args()
    if not TOOLS_FILE.exists():
        raise SystemExit("tools.toml not found in the current directory")
    config = tomllib.loads(TOOLS_FILE.read_text())
    tools = config.get("tool", {})
    gh = GitHub(os.environ.get("GITHUB_TOKEN"))
    text = TOOLS_FILE.read_text()
    changes = []
    notes: list[tuple[str, str, str, str]] = []
    for name, spec in sorted(tools.items()):
        if opts.only and name not in opts.only:
            continue
        if "repo" not in spec or "version" not in spec:
            print(f"skip {name}: needs repo and version")
            continue
        release = gh.latest(spec["repo"])
        tag = release.get("tag_name", "")
        new = tag.lstrip("v")
        cur = spec["version"]
        if parse_version(new) <= parse_version(cur):
            print(f"{name:18} {cur:10} up to date")
            continue
        if parse_version(new)[0] != parse_version(cur)[0] and not opts.allow_major:
            print(f"{name:18} {cur:10} -> {new} is a major bump; pass --allow-major")
            continue
        pins = checksums_for(gh, release, spec.get("asset", ""), new) if spec.get("asset") else {}
        missing = [p for p in PLATFORMS if p in spec.get("sha256", {}) and p not in pins]
        if missing:
            print(f"{name:18} {cur:10} -> {new}: no checksum found for {', '.join(missing)}; not bumping")
            continue
        print(f"{name:18} {cur:10} -> {new}")
        changes.append(name)
        notes.append((name, cur, new, release_notes_url(spec["repo"], tag)))
        text = bump_text(text, name, new, pins)
    print(f"({gh.calls} API calls)")
    write_summary(notes)
    if not changes:
        return 0
    if not opts.write:
        print("dry run; pass --write to update tools.toml")
        return 0
    shutil.copy2(TOOLS_FILE, TOOLS_FILE.with_suffix(".toml.bak"))
    TOOLS_FILE.write_text(text)
    print(f"updated {len(changes)} pin(s); review with git diff tools.toml")
    return 0


if __name__ == "__main__":
    sys.exit(main())
