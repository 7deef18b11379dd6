#!/usr/bin/env python3
"""Bump pinned packages in requirements/*.in to their newest releases on PyPI,
recompile the lock files, and open a pull request.

    python3 tools/bump_deps.py --only django,celery
    python3 tools/bump_deps.py --no-pr        # just edit files locally
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path.cwd()
REQ_DIR = ROOT / "requirements"
PIN_RE = re.compile(r"^(?P<name>[A-Za-z0-9_.\-\[\]]+)==(?P<version>[\w.+!-]+)(?P<rest>.*)$")
PYPI_JSON = "https://pypi.org/pypi/{name}/json"
GITHUB_API = "https://api.github.com"
BRANCH_RE = re.compile(r"^[\w./-]{1,80}$")


def latest_version(name: str) -> str | None:
    base = name.split("[", 1)[0]
    try:
        with urllib.request.urlopen(PYPI_JSON.format(name=base), timeout=20) as resp:
            data = json.load(resp)
    except urllib.error.HTTPError as exc:
        print(f"  {base}: PyPI returned {exc.code}", file=sys.stderr)
        return None
    releases = data.get("releases", {})
    stable = [v for v, files in releases.items()
              if files and not re.search(r"(a|b|rc|dev)\d*$", v)]
    return data["info"]["version"] if not stable else max(stable, key=version_key)


def version_key(v: str):
    parts = []
    for piece in re.split(r"[.+-]", v):
        parts.append((0, int(piece)) if piece.isdigit() else (1, piece))
    return parts


def scan(path: Path, only: set[str] | None):
    changes = []
    lines = path.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        m = PIN_RE.match(line.strip())
        if not m:
            continue
        name = m.group("name")
        if only and name.lower().split("[")[0] not in only:
            continue
        newest = latest_version(name)
        if newest and version_key(newest) > version_key(m.group("version")):
            changes.append((i, name, m.group("version"), newest, m.group("rest")))
    return lines, changes


def apply(path: Path, lines: list[str], changes) -> None:
    for i, name, _old, new, rest in changes:
        lines[i] = f"{name}=={new}{rest}"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def recompile(infile: Path) -> None:
    out = infile.with_suffix(".txt")
    argv = ["pip-compile", "--quiet", "--generate-hashes", str(infile), "-o", str(out)]
    subprocess.run(argv, check=True)


def print_plan(path: Path, changes) -> None:
    width = max((len(c[1]) for c in changes), default=10)
    for _, name, old, new, _ in changes:
        major_jump = old.split(".")[0] != new.split(".")[0]
        flag = "  (major!)" if major_jump else ""
        print(f"  {name:<{width}}  {old:>12} -> {new:<12}{flag}")
    print(f"  {len(changes)} change(s) in {path.name}")


def run_tests() -> bool:
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "--no-header"])
    return proc.returncode == 0


def git(*args: str) -> str:
    return subprocess.run(["git", *args], check=True, capture_output=True, text=True).stdout.strip()


def open_pr(branch: str, title: str, body: str) -> str:
    token = os.environ["GITHUB_TOKEN"]
    origin = git("remote", "get-url", "origin")
    m = re.search(r"github\.com[:/]([^/]+)/([^/]+?)(?:\.git)?$", origin)
    if not m:
        raise SystemExit("origin is not on GitHub")
    owner, repo = m.groups()
    base = git("symbolic-ref", "--short", "refs/remotes/origin/HEAD").split("/", 1)[-1]
    payload = {"title": title, "head": branch, "base": base, "body": body}
    req = urllib.request.Request(
        f"{GITHUB_API}/repos/{owner}/{repo}/pulls",
        data=json.dumps(payload).encode(),
        headers={"Authorization": f"token {token}", "Accept": "application/vnd.github+json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.load(resp)["html_url"]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", help="comma separated package names")
    ap.add_argument("--branch", default="deps/weekly-bump")
    ap.add_argument("--no-pr", action="store_true")
    ap.add_argument("--skip-tests", action="store_true")
    args = ap.parse_args(argv)
    if not BRANCH_RE.match(args.branch):
        raise SystemExit("bad branch name")
    only = {x.strip().lower() for x in args.only.split(",")} if args.only else None

    summary = []
    for infile in sorted(REQ_DIR.glob("*.in")):
        print(f"checking {infile.relative_to(ROOT)}")
        lines, changes = scan(infile, only)
        if not changes:
            continue
        print_plan(infile, changes)
        apply(infile, lines, changes)
        recompile(infile)
        for _, name, old, new, _ in changes:
            summary.append(f"- `{name}` {old} -> {new} ({infile.name})")
    if not summary:
        print("everything is current")
        return 0
    print("\n".join(summary))
    if not args.skip_tests and not run_tests():
        print("tests fail after the bump; leaving changes uncommitted", file=sys.stderr)
        return 1
    if args.no_pr:
        return 0
    git("checkout", "-B", args.branch)
    git("add", str(REQ_DIR))
    git("commit", "-m", "chore(deps): bump pinned requirements")
    subprocess.run(["git", "push", "-u", "origin", "HEAD"], check=True)
    url = open_pr(args.branch, "chore(deps): bump pinned requirements",
                  "Automated bump.\n\n" + "\n".join(summary))
    print(f"opened {url}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
