#!/usr/bin/env python3
"""Dependency refresh for kiln using uv.

    python tools/refresh_deps.py                      # plan only (uv lock --dry-run)
    python tools/refresh_deps.py --apply              # upgrade lock on a branch, test
    python tools/refresh_deps.py --apply -P polars    # only selected packages
    python tools/refresh_deps.py --apply --commit     # commit uv.lock
    python tools/refresh_deps.py --apply --commit --push   # push + open PR

Guard rails:
  * never runs on main, release/* or hotfix/*; creates deps/uv-<date>
  * refuses a dirty working tree
  * runs ``uv sync`` + the test suite before committing
  * the lockfile diff is summarised into out/deps/CHANGES.md for the PR body
  * nothing is pushed unless --push is given
"""
from __future__ import annotations

import argparse
import datetime as dt
import logging
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

LOG = logging.getLogger("kiln.deps")
REPO = Path(__file__).resolve().parents[1]
LOCK = REPO / "uv.lock"
NOTES = REPO / "out" / "deps" / "CHANGES.md"
PROTECTED = re.compile(r"^(main|master|release/.*|hotfix/.*)$")


class Abort(RuntimeError):
    pass


def run(*argv: str, capture: bool = False, check: bool = True) -> str:
    LOG.info("$ %s", " ".join(argv))
    proc = subprocess.run(list(argv), cwd=REPO, text=True, capture_output=capture, check=False)
    if check and proc.returncode != 0:
        raise Abort(f"{argv[0]} {argv[1] if len(argv) > 1 else ''} failed ({proc.returncode})")
    return proc.stdout if capture else ""


def locked_versions() -> dict[str, str]:
    if not LOCK.exists():
        return {}
    with LOCK.open("rb") as fh:
        data = tomllib.load(fh)
    return {pkg["name"]: pkg.get("version", "?") for pkg in data.get("package", [])}


def branch_guard(apply: bool) -> str:
    status = run("git", "status", "--porcelain", capture=True)
    if status.strip():
        raise Abort("working tree is dirty; commit or stash first")
    current = run("git", "branch", "--show-current", capture=True).strip()
    if not apply:
        return current
    target = f"deps/uv-{dt.date.today():%Y%m%d}"
    if current != target:
        existing = run("git", "branch", "--list", target, capture=True).strip()
        run("git", "switch", *(["-c"] if not existing else []), target)
    if PROTECTED.match(run("git", "branch", "--show-current", capture=True).strip()):
        raise Abort("refusing to work on a protected branch")
    return current


def lock(packages: list[str], dry_run: bool) -> None:
    argv = ["uv", "lock"]
    argv += [f"--upgrade-package={p}" for p in packages] if packages else ["--upgrade"]
    if dry_run:
        argv.append("--dry-run")
    run(*argv)


def changes_between(before: dict[str, str], after: dict[str, str]) -> list[str]:
    lines = []
    for name in sorted(before.keys() | after.keys()):
        old, new = before.get(name), after.get(name)
        if old == new:
            continue
        if old is None:
            lines.append(f"added   {name} {new}")
        elif new is None:
            lines.append(f"removed {name} {old}")
        else:
            major_jump = old.split(".")[0] != new.split(".")[0]
            lines.append(f"{'MAJOR  ' if major_jump else 'updated'} {name} {old} -> {new}")
    return lines


def audit() -> list[str]:
    """pip-audit against the exported lockfile; read-only, findings go in the notes."""
    if shutil.which("pip-audit") is None:
        return ["pip-audit not installed; vulnerability scan skipped"]
    exported = REPO / "out" / "deps" / "requirements.lock.txt"
    exported.parent.mkdir(parents=True, exist_ok=True)
    run("uv", "export", "--frozen", "--no-hashes", "-o", str(exported))
    proc = subprocess.run(["pip-audit", "-r", str(exported), "--progress-spinner=off",
                           "--format=columns"], cwd=REPO, capture_output=True, text=True,
                          check=False)
    lines = [ln for ln in proc.stdout.splitlines() if ln.strip()]
    return lines[2:] if len(lines) > 2 else ["no known vulnerabilities"]


def verify() -> None:
    run("uv", "sync", "--frozen", "--all-extras")
    run("uv", "run", "--frozen", "pytest", "-q", "-x", "-p", "no:cacheprovider")
    run("uv", "run", "--frozen", "python", "-m", "kiln", "--version")


def write_notes(lines: list[str], base_branch: str) -> Path:
    NOTES.parent.mkdir(parents=True, exist_ok=True)
    majors = [l for l in lines if l.startswith("MAJOR")]
    body = [f"## uv.lock refresh ({dt.date.today()}, from {base_branch})", ""]
    if majors:
        body += ["**Major version changes - review changelogs:**", *[f"- {m[8:]}" for m in majors], ""]
    body += ["```", *lines, "```"]
    NOTES.write_text("\n".join(body) + "\n")
    return NOTES


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="refresh uv.lock")
    parser.add_argument("-P", "--package", action="append", default=[])
    parser.add_argument("--apply", action="store_true", help="write uv.lock on a branch")
    parser.add_argument("--commit", action="store_true", help="commit uv.lock")
    parser.add_argument("--push", action="store_true", help="push and open a PR")
    parser.add_argument("--skip-tests", action="store_true", help="do not run pytest")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if shutil.which("uv") is None:
        LOG.error("uv is not installed (pipx install uv, or see the uv docs)")
        return 2
    if (args.commit or args.push) and not args.apply:
        parser.error("--commit/--push require --apply")
    if args.push and not args.commit:
        parser.error("--push requires --commit")

    try:
        base = branch_guard(args.apply)
        before = locked_versions()
        lock(args.package, dry_run=not args.apply)
        if not args.apply:
            LOG.info("dry run finished; re-run with --apply to write uv.lock")
            return 0
        changes = changes_between(before, locked_versions())
        if not changes:
            LOG.info("uv.lock already current")
            return 0
        for line in changes:
            print("  " + line)
        notes = write_notes(changes, base)
        findings = audit()
        with notes.open("a") as fh:
            fh.write("\n### pip-audit\n\n```\n" + "\n".join(findings) + "\n```\n")
        if not args.skip_tests:
            verify()
        if args.commit:
            run("git", "add", "uv.lock")
            run("git", "commit", "-m", f"deps: refresh uv.lock ({len(changes)} changes)",
                "-m", "\n".join(changes[:40]))
        if args.push:
            branch = run("git", "branch", "--show-current", capture=True).strip()
            run("git", "push", "--set-upstream", "origin", branch)
            if shutil.which("gh"):
                run("gh", "pr", "create", "--title", "deps: refresh uv.lock", "--body-file",
                    str(notes), "--label", "dependencies", check=False)
        LOG.info("notes: %s", notes.relative_to(REPO))
    except Abort as exc:
        LOG.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
