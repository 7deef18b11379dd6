#!/usr/bin/env python3
"""Weekly Poetry dependency refresh that opens a GitLab merge request.

    python3 ci/poetry_refresh.py                   # everything allowed by constraints
    python3 ci/poetry_refresh.py --only httpx rich  # just these packages
    python3 ci/poetry_refresh.py --no-mr           # update the lock file, stop there

Runs `poetry show --outdated`, `poetry update`, the test suite, then pushes a
branch and creates a merge request through the documented gitlab.com REST
API using GITLAB_TOKEN. Project id comes from CI_PROJECT_ID or --project.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import re
import shutil
import subprocess
import sys
import urllib.parse
import urllib.request
from dataclasses import dataclass

GITLAB_API = "https://gitlab.com/api/v4"
PKG_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,80}$")
OUTDATED_LINE = re.compile(r"^(?P<name>\S+)\s+(?:\(!\)\s+)?(?P<current>\S+)\s+(?P<latest>\S+)\s*(?P<desc>.*)$")


@dataclass
class Outdated:
    name: str
    current: str
    latest: str

    @property
    def is_major(self) -> bool:
        return self.current.split(".")[0] != self.latest.split(".")[0]


def run(argv: list[str], capture: bool = True) -> str:
    proc = subprocess.run(argv, capture_output=capture, text=True, check=False)
    if proc.returncode != 0:
        msg = proc.stderr.strip() if capture else ""
        raise SystemExit(f"`{' '.join(argv)}` failed ({proc.returncode}) {msg}")
    return proc.stdout if capture else ""


def poetry() -> str:
    exe = shutil.which("poetry")
    if not exe:
        raise SystemExit("poetry is not installed")
    return exe


def outdated(only: set[str] | None) -> list[Outdated]:
    out = run([poetry(), "show", "--outdated", "--top-level", "--no-ansi"])
    found = []
    for line in out.splitlines():
        m = OUTDATED_LINE.match(line.strip())
        if not m:
            continue
        if only and m.group("name").lower() not in only:
            continue
        found.append(Outdated(m.group("name"), m.group("current"), m.group("latest")))
    return found


def lock_snapshot() -> dict[str, str]:
    out = run([poetry(), "show", "--no-ansi"])
    versions = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 2:
            versions[parts[0]] = parts[1]
    return versions


def update(names: list[str]) -> None:
    run([poetry(), "update", "--no-interaction", *names], capture=False)


def diff(before: dict[str, str], after: dict[str, str]) -> list[str]:
    rows = []
    for name in sorted(set(before) | set(after)):
        old, new = before.get(name), after.get(name)
        if old != new:
            rows.append(f"| `{name}` | {old or '-'} | {new or 'removed'} |")
    return rows


def tests_pass() -> bool:
    proc = subprocess.run([poetry(), "run", "pytest", "-q", "-x", "-p", "no:cacheprovider"])
    return proc.returncode == 0


def git(*args: str) -> str:
    return run(["git", *args]).strip()


def create_merge_request(project: str, source: str, target: str, title: str, body: str) -> str:
    token = os.environ.get("GITLAB_TOKEN")
    if not token:
        raise SystemExit("GITLAB_TOKEN is not set")
    encoded = urllib.parse.quote(project, safe="")
    data = urllib.parse.urlencode({
        "source_branch": source,
        "target_branch": target,
        "title": title,
        "description": body,
        "remove_source_branch": "true",
        "labels": "dependencies",
    }).encode()
    req = urllib.request.Request(f"{GITLAB_API}/projects/{encoded}/merge_requests", data=data, method="POST")
    req.add_header("PRIVATE-TOKEN", token)
    with urllib.request.urlopen(req, timeout=45) as resp:
        return json.load(resp)["web_url"]


def parse(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", nargs="+", default=[])
    ap.add_argument("--allow-major", action="store_true")
    ap.add_argument("--no-mr", action="store_true")
    ap.add_argument("--project", default=os.environ.get("CI_PROJECT_ID", ""))
    ap.add_argument("--target", default=os.environ.get("CI_DEFAULT_BRANCH", "main"))
    args = ap.parse_args(argv)
    for name in args.only:
        if not PKG_NAME.match(name):
            ap.error(f"bad package name {name!r}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    only = {n.lower() for n in args.only} or None
    candidates = outdated(only)
    skipped = [c for c in candidates if c.is_major and not args.allow_major]
    chosen = [c for c in candidates if c not in skipped]
    for c in skipped:
        print(f"skip {c.name} {c.current} -> {c.latest} (major; use --allow-major)")
    if not chosen:
        print("nothing to update")
        return 0
    before = lock_snapshot()
    update([c.name for c in chosen])
    after = lock_snapshot()
    rows = diff(before, after)
    if not rows:
        print("lock file unchanged (constraints pin everything)")
        return 0
    table = "\n".join(["| package | from | to |", "| --- | --- | --- |", *rows])
    print(table)
    if not tests_pass():
        print("tests fail; leaving poetry.lock modified for inspection", file=sys.stderr)
        return 1
    if args.no_mr:
        return 0
    if not args.project:
        raise SystemExit("--project or CI_PROJECT_ID is required to open the MR")
    branch = f"deps/poetry-{dt.date.today():%Y%m%d}"
    git("checkout", "-B", branch)
    git("add", "poetry.lock", "pyproject.toml")
    git("commit", "-m", f"chore(deps): refresh {len(rows)} locked package(s)")
    git("push", "--set-upstream", "origin", "HEAD")
    url = create_merge_request(args.project, branch, args.target,
                               "chore(deps): weekly Poetry refresh",
                               "Automated refresh.\n\n" + table)
    print(f"merge request: {url}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
