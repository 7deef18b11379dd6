#!/usr/bin/env python3
"""Upgrade Node and Cargo dependencies on a fresh branch, test, and optionally push.

    tools/bump_deps.py                     # upgrade on a local branch, run tests
    tools/bump_deps.py --minor-only        # ncu --target minor / cargo update
    tools/bump_deps.py --commit            # commit the lockfile changes
    tools/bump_deps.py --commit --push     # push the branch and open a PR with gh

Refuses to run on main/release branches or with a dirty working tree, so the
upgrade is always isolated on its own branch.  Nothing leaves the machine unless
--push is given.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROTECTED = ("main", "master", "develop")
PROTECTED_PREFIXES = ("release/", "hotfix/")
FRONTEND = ROOT / "web"
RUST = ROOT / "crates"


class Step:
    def __init__(self, title: str):
        self.title = title

    def __enter__(self):
        print(f"\n==> {self.title}", flush=True)
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is subprocess.CalledProcessError:
            print(f"!!! step failed: {self.title} (exit {exc.returncode})", file=sys.stderr)
        return False


def git(*args: str, capture: bool = True) -> str:
    proc = subprocess.run(["git", *args], cwd=ROOT, capture_output=capture, text=True,
                          check=True)
    return proc.stdout.strip() if capture else ""


def current_branch() -> str:
    return git("rev-parse", "--abbrev-ref", "HEAD")


def ensure_clean_tree() -> None:
    status = git("status", "--porcelain")
    if status:
        raise SystemExit("working tree is dirty; commit or stash first:\n" + status)


def ensure_safe_branch(branch: str) -> None:
    if branch in PROTECTED or branch.startswith(PROTECTED_PREFIXES):
        raise SystemExit(f"refusing to upgrade dependencies directly on {branch!r}")


def npm_upgrade(minor_only: bool) -> list[str]:
    if not (FRONTEND / "package.json").exists():
        return []
    before = json.loads((FRONTEND / "package.json").read_text())
    ncu = shutil.which("ncu") or shutil.which("npm-check-updates")
    if ncu is None:
        print("npm-check-updates not installed; skipping web/", file=sys.stderr)
        return []
    argv = [ncu, "-u", "--jsonUpgraded"]
    if minor_only:
        argv += ["--target", "minor"]
    out = subprocess.run(argv, cwd=FRONTEND, capture_output=True, text=True, check=True).stdout
    upgraded = json.loads(out or "{}")
    subprocess.run(["npm", "install", "--no-audit", "--no-fund"], cwd=FRONTEND, check=True)
    subprocess.run(["npm", "dedupe"], cwd=FRONTEND, check=True)
    deps = {**before.get("dependencies", {}), **before.get("devDependencies", {})}
    return [f"{name} {deps.get(name, '?')} -> {ver}" for name, ver in sorted(upgraded.items())]


def cargo_upgrade(minor_only: bool) -> list[str]:
    lock = RUST / "Cargo.lock"
    if not lock.exists():
        return []
    before = lock.read_text()
    argv = ["cargo", "update"]
    if not minor_only and shutil.which("cargo-upgrade"):
        subprocess.run(["cargo", "upgrade", "--incompatible"], cwd=RUST, check=True)
    subprocess.run(argv, cwd=RUST, check=True)
    after = lock.read_text()
    changed = []
    old_versions = dict(_lock_versions(before))
    for name, ver in _lock_versions(after):
        if old_versions.get(name) not in (None, ver):
            changed.append(f"{name} {old_versions[name]} -> {ver}")
    return changed


def _lock_versions(text: str):
    name = None
    for line in text.splitlines():
        if line.startswith("name = "):
            name = line.split('"')[1]
        elif line.startswith("version = ") and name:
            yield name, line.split('"')[1]
            name = None


def run_tests() -> bool:
    ok = True
    if (FRONTEND / "package.json").exists():
        ok &= subprocess.run(["npm", "test", "--", "--run"], cwd=FRONTEND).returncode == 0
    if (RUST / "Cargo.toml").exists():
        ok &= subprocess.run(["cargo", "test", "--workspace", "--quiet"], cwd=RUST).returncode == 0
    return ok


def audit_summary() -> str:
    """Read-only npm audit so the PR says whether the bump fixed advisories."""
    if not (FRONTEND / "package-lock.json").exists():
        return ""
    proc = subprocess.run(["npm", "audit", "--json", "--omit=dev"], cwd=FRONTEND,
                          capture_output=True, text=True, check=False)
    try:
        data = json.loads(proc.stdout or "{}")
    except json.JSONDecodeError:
        return "npm audit output was not JSON"
    counts = data.get("metadata", {}).get("vulnerabilities", {})
    if not counts:
        return "npm audit: no data"
    parts = [f"{level}={counts[level]}" for level in ("critical", "high", "moderate", "low")
             if counts.get(level)]
    return "npm audit: " + (", ".join(parts) if parts else "no known vulnerabilities")


def write_notes(changes: list[str]) -> Path:
    notes = ROOT / "build" / "dependency-bump.md"
    notes.parent.mkdir(parents=True, exist_ok=True)
    body = "\n".join(f"- {c}" for c in changes) or "- no changes"
    notes.write_text(f"## Dependency bump {dt.date.today()}\n\n{body}\n")
    return notes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minor-only", action="store_true")
    parser.add_argument("--commit", action="store_true")
    parser.add_argument("--push", action="store_true", help="push and open a PR (needs --commit)")
    parser.add_argument("--skip-tests", action="store_true")
    parser.add_argument("--branch", default=f"deps/bump-{dt.date.today():%Y%m%d}")
    args = parser.parse_args()

    if args.push and not args.commit:
        parser.error("--push requires --commit")
    ensure_clean_tree()
    start = current_branch()
    if start != args.branch:
        git("switch", "-c", args.branch)
    ensure_safe_branch(current_branch())

    changes: list[str] = []
    with Step("npm-check-updates in web/"):
        changes += npm_upgrade(args.minor_only)
    with Step("cargo update in crates/"):
        changes += cargo_upgrade(args.minor_only)
    notes = write_notes(changes)
    print(f"\n{len(changes)} dependency change(s); notes in {notes.relative_to(ROOT)}")
    audit = audit_summary()
    if audit:
        print(audit)
        with notes.open("a") as fh:
            fh.write(f"\n{audit}\n")

    if not args.skip_tests:
        with Step("test suites"):
            if not run_tests():
                print("tests failed; leaving changes uncommitted for inspection")
                return 1

    if args.commit and changes:
        with Step("commit"):
            git("add", "web/package.json", "web/package-lock.json", "crates/Cargo.lock",
                "crates/Cargo.toml", capture=False)
            git("commit", "-m", f"chore(deps): bump {len(changes)} dependencies",
                "-m", "\n".join(changes[:50]), capture=False)
    if args.push and changes:
        with Step("push and open PR"):
            git("push", "--set-upstream", "origin", args.branch, capture=False)
            if shutil.which("gh"):
                subprocess.run(["gh", "pr", "create", "--fill", "--label", "dependencies",
                                "--body-file", str(notes)], cwd=ROOT, check=True)
    print(f"\ndone on branch {current_branch()} (started from {start})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
