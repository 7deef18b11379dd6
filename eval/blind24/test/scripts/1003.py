#!/usr/bin/env python3
"""Refresh syrupy snapshots for a subset of tests and review the result.

Workflow:
    python scripts/snapcheck.py tests/api            # update into a sandbox, show diff
    python scripts/snapcheck.py tests/api --keep     # copy accepted .ambr files back
    python scripts/snapcheck.py --orphans            # list snapshot files with no test

The test run happens in a throwaway copy of the repository (git worktree) so a
half-finished run can never leave modified snapshots in your checkout.
"""
from __future__ import annotations

import argparse
import difflib
import os
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

SNAP_DIR_NAME = "__snapshots__"
SNAP_SUFFIX = ".ambr"


def git(*args: str, cwd: Path | None = None) -> str:
    res = subprocess.run(["git", *args], cwd=cwd, text=True, capture_output=True)
    if res.returncode != 0:
        raise SystemExit(f"git {' '.join(args)}: {res.stderr.strip()}")
    return res.stdout


class Sandbox:
    """A detached worktree under .git/ that is removed when the block ends."""

    def __init__(self, repo: Path):
        self.repo = repo
        self.path = Path(git("rev-parse", "--absolute-git-dir", cwd=repo).strip()) / f"snapcheck-{uuid.uuid4().hex[:8]}"

    def __enter__(self) -> Path:
        git("worktree", "add", "--detach", str(self.path), "HEAD", cwd=self.repo)
        patch = subprocess.run(["git", "diff", "HEAD", "--binary"], cwd=self.repo, capture_output=True).stdout
        if patch:
            subprocess.run(["git", "apply", "--whitespace=nowarn"], cwd=self.path, input=patch, check=True)
        return self.path

    def __exit__(self, *exc) -> None:
        subprocess.run(["git", "worktree", "remove", "--force", str(self.path)], cwd=self.repo,
                       capture_output=True)
        if self.path.exists():
            shutil.rmtree(self.path, ignore_errors=True)


def snapshot_files(root: Path) -> dict[str, str]:
    found = {}
    for p in root.rglob(f"*{SNAP_SUFFIX}"):
        if SNAP_DIR_NAME in p.parts and ".venv" not in p.parts:
            found[str(p.relative_to(root))] = p.read_text(encoding="utf-8")
    return found


def run_pytest(cwd: Path, targets: list[str], extra: list[str]) -> int:
    env = dict(os.environ)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env.pop("PYTEST_ADDOPTS", None)
    argv = [sys.executable, "-m", "pytest", "--snapshot-update", "-q", "-p", "no:cacheprovider"]
    argv += targets + extra
    print("$ " + " ".join(argv), file=sys.stderr)
    return subprocess.call(argv, cwd=cwd, env=env)


def show_diff(before: dict[str, str], after: dict[str, str]) -> list[str]:
    changed = []
    for name in sorted(set(before) | set(after)):
        old = before.get(name, "")
        new = after.get(name, "")
        if old == new:
            continue
        changed.append(name)
        label = "new" if name not in before else "deleted" if name not in after else "changed"
        print(f"\n=== {name} ({label})")
        lines = difflib.unified_diff(old.splitlines(), new.splitlines(), lineterm="", n=2)
        for i, line in enumerate(lines):
            if i > 120:
                print("... diff truncated")
                break
            print(line)
    return changed


def copy_back(sandbox: Path, repo: Path, names: list[str]) -> None:
    for name in names:
        if ".." in Path(name).parts or not name.endswith(SNAP_SUFFIX):
            raise SystemExit(f"unexpected snapshot path {name}")
        src = sandbox / name
        dst = repo / name
        if src.exists():
            dst.parent.mkdir(exist_ok=True, parents=True)
            shutil.copyfile(src, dst)
            print(f"updated {name}")
        elif dst.exists():
            dst.unlink()
            print(f"removed {name}")


def orphans(repo: Path) -> list[str]:
    result = []
    for name in snapshot_files(repo):
        snap = Path(name)
        test_file = snap.parent.parent / (snap.stem + ".py")
        if not (repo / test_file).exists():
            result.append(name)
    return sorted(result)


def stale_sandboxes(repo: Path) -> list[str]:
    """Worktrees left behind by an interrupted run (listed, not removed)."""
    listing = git("worktree", "list", "--porcelain", cwd=repo)
    paths = []
    for line in listing.splitlines():
        if line.startswith("worktree ") and "snapcheck-" in line:
            paths.append(line.split(" ", 1)[1])
    return paths


def changed_stats(before: dict[str, str], after: dict[str, str]) -> tuple[int, int, int]:
    added = sum(1 for n in after if n not in before)
    removed = sum(1 for n in before if n not in after)
    modified = sum(1 for n in after if n in before and before[n] != after[n])
    return added, removed, modified


def print_stats(before: dict[str, str], after: dict[str, str]) -> None:
    added, removed, modified = changed_stats(before, after)
    print(f"\nsnapshot files: +{added} new, -{removed} deleted, ~{modified} modified")
    leftovers = stale_sandboxes(Path.cwd())
    if leftovers:
        print("stale snapcheck worktrees (remove with git worktree prune):")
        for p in leftovers:
            print(f"  {p}")


def parse() -> argparse.Namespace:
    p = argparse.ArgumentParser(description="review syrupy snapshot updates safely")
    p.add_argument("targets", nargs="*", default=["tests"])
    p.add_argument("--keep", action="store_true", help="copy accepted snapshots into the checkout")
    p.add_argument("--orphans", action="store_true", help="list snapshot files without tests")
    p.add_argument("--pytest-arg", action="append", default=[], dest="extra")
    return p.parse_args()


def main() -> int:
    opts = parse()
    repo = Path(git("rev-parse", "--show-toplevel").strip())
    if opts.orphans:
        names = orphans(repo)
        print("\n".join(names) or "no orphaned snapshot files")
        return 1 if names else 0
    dirty = git("status", "--porcelain", "--", f"*{SNAP_SUFFIX}", cwd=repo).strip()
    if dirty and opts.keep:
        raise SystemExit("uncommitted snapshot edits exist; commit them before --keep")
    before = snapshot_files(repo)
    with Sandbox(repo) as sandbox:
        rc = run_pytest(sandbox, opts.targets, opts.extra)
        after = snapshot_files(sandbox)
        changed = show_diff(before, after)
        print_stats(before, after)
        if rc not in (0, 1):
            print(f"pytest exited with {rc}; not copying anything", file=sys.stderr)
            return rc
        if not changed:
            print("snapshots already up to date")
            return 0
        if opts.keep:
            copy_back(sandbox, repo, changed)
        else:
            print(f"\n{len(changed)} snapshot file(s) would change; re-run with --keep to accept")
    return 0


if __name__ == "__main__":
    sys.exit(main())
