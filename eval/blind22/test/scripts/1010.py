#!/usr/bin/env python3
"""Manifest-driven checkout of the harbor product repos (like a tiny `repo`).

manifest.xml lists projects, their GitHub remote and the revision to track.
Each project is checked out under <workspace>/<path>. Commands:

    python tools/ws.py sync [-j N]        clone missing, fast-forward clean ones
    python tools/ws.py status             one line per project
    python tools/ws.py branch NAME        create NAME in every clean project
    python tools/ws.py forall -- CMD...   run a read-only git command everywhere

Projects with local changes, stashes or commits that are not on the remote
are never updated; the script prints why and moves on. It does not reset,
clean, rebase or force anything.
"""
import argparse
import subprocess
import sys
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

WORKSPACE = Path(__file__).resolve().parents[2]
MANIFEST = Path(__file__).resolve().parents[1] / "manifest.xml"
READ_ONLY_GIT = {"log", "status", "diff", "show", "branch", "describe", "rev-parse", "shortlog", "blame"}
ALLOWED_REMOTE = ("https://github.com/harbor-dev/", "git@github.com:harbor-dev/")


@dataclass(frozen=True)
class Project:
    name: str
    path: Path
    remote: str
    revision: str


def parse_manifest() -> list:
    root = ET.parse(MANIFEST).getroot()
    default_rev = root.findtext("default/@revision") or root.find("default").get("revision", "main")
    projects = []
    for node in root.findall("project"):
        remote = node.get("remote")
        if not remote.startswith(ALLOWED_REMOTE):
            raise SystemExit(f"project {node.get('name')}: remote {remote} is not a harbor-dev repo")
        rel = Path(node.get("path", node.get("name")))
        if rel.is_absolute() or ".." in rel.parts:
            raise SystemExit(f"project {node.get('name')}: path must stay inside the workspace")
        projects.append(Project(node.get("name"), WORKSPACE / rel, remote, node.get("revision", default_rev)))
    return projects


def git(project_dir: Path, *args: str, check: bool = True) -> str:
    res = subprocess.run(["git", "-C", str(project_dir), *args], capture_output=True, text=True)
    if check and res.returncode != 0:
        raise RuntimeError(res.stderr.strip())
    return res.stdout.strip()


def local_state(p: Project) -> list:
    reasons = []
    if git(p.path, "status", "--porcelain"):
        reasons.append("uncommitted changes")
    if git(p.path, "stash", "list"):
        reasons.append("stashes")
    unpushed = git(p.path, "log", "--oneline", "--branches", "--not", "--remotes", check=False)
    if unpushed:
        reasons.append(f"{len(unpushed.splitlines())} unpushed commit(s)")
    return reasons


def sync_one(p: Project) -> str:
    if not p.path.exists():
        p.path.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "clone", "--quiet", "--branch", p.revision, p.remote, str(p.path)], check=True)
        return f"{p.name}: cloned"
    git(p.path, "fetch", "--quiet", "--prune", "origin")
    reasons = local_state(p)
    if reasons:
        return f"{p.name}: skipped ({', '.join(reasons)})"
    branch = git(p.path, "rev-parse", "--abbrev-ref", "HEAD")
    if branch != p.revision:
        return f"{p.name}: on {branch}, manifest tracks {p.revision}; left as is"
    res = subprocess.run(["git", "-C", str(p.path), "merge", "--ff-only", "--quiet", f"origin/{p.revision}"],
                         capture_output=True, text=True)
    if res.returncode != 0:
        return f"{p.name}: diverged from origin/{p.revision}; resolve by hand"
    return f"{p.name}: up to date at {git(p.path, 'rev-parse', '--short', 'HEAD')}"


def cmd_sync(projects: list, jobs: int) -> int:
    failed = 0
    with ThreadPoolExecutor(jobs) as pool:
        for p, fut in [(p, pool.submit(sync_one, p)) for p in projects]:
            try:
                print(fut.result())
            except (subprocess.CalledProcessError, RuntimeError) as exc:
                failed += 1
                print(f"{p.name}: error: {exc}")
    return 1 if failed else 0


def cmd_status(projects: list) -> int:
    for p in projects:
        if not p.path.exists():
            print(f"{p.name:<24} missing")
            continue
        branch = git(p.path, "rev-parse", "--abbrev-ref", "HEAD")
        reasons = local_state(p)
        behind = git(p.path, "rev-list", "--count", f"HEAD..origin/{p.revision}", check=False) or "?"
        print(f"{p.name:<24} {branch:<24} behind {behind:<4} {', '.join(reasons) or 'clean'}")
    return 0


def cmd_branch(projects: list, name: str) -> int:
    if not name.replace("/", "").replace("-", "").replace("_", "").isalnum():
        raise SystemExit(f"bad branch name {name}")
    for p in projects:
        if not p.path.exists():
            continue
        reasons = local_state(p)
        if reasons:
            print(f"{p.name}: skipped ({', '.join(reasons)})")
            continue
        if git(p.path, "branch", "--list", name):
            print(f"{p.name}: {name} exists")
            continue
        git(p.path, "switch", "--quiet", "-c", name)
        print(f"{p.name}: created {name}")
    return 0


def cmd_prune_worktrees(projects: list) -> int:
    """Drop stale worktree metadata everywhere (directories are not touched)."""
    for p in projects:
        if not p.path.exists():
            continue
        before = git(p.path, "worktree", "list", "--porcelain").count("worktree ")
        git(p.path, "worktree", "prune")
        after = git(p.path, "worktree", "list", "--porcelain").count("worktree ")
        if before != after:
            print(f"{p.name}: pruned {before - after} stale worktree record(s)")
    return 0


def cmd_forall(projects: list, argv: list) -> int:
    if not argv or argv[0] not in READ_ONLY_GIT:
        raise SystemExit(f"forall only runs read-only git subcommands: {', '.join(sorted(READ_ONLY_GIT))}")
    for p in projects:
        if p.path.exists():
            print(f"== {p.name}")
            print(git(p.path, *argv, check=False))
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(required=True, dest="cmd")
    s = sub.add_parser("sync")
    s.add_argument("-j", type=int, default=4)
    sub.add_parser("status")
    b = sub.add_parser("branch")
    b.add_argument("name")
    f = sub.add_parser("forall")
    f.add_argument("rest", nargs=argparse.REMAINDER)
    sub.add_parser("prune-worktrees")
    args = ap.parse_args()
    projects = parse_manifest()
    if args.cmd == "prune-worktrees":
        return cmd_prune_worktrees(projects)
    if args.cmd == "sync":
        return cmd_sync(projects, max(1, args.j))
    if args.cmd == "status":
        return cmd_status(projects)
    if args.cmd == "branch":
        return cmd_branch(projects, args.name)
    rest = args.rest[1:] if args.rest[:1] == ["--"] else args.rest
    return cmd_forall(projects, rest)


if __name__ == "__main__":
    sys.exit(main())
