#!/usr/bin/env python3
"""Housekeeping for the platform monorepo's submodules and worktrees.

    tools/repo_maint.py status            # one line per submodule/worktree
    tools/repo_maint.py sync              # fetch + fast-forward clean submodules
    tools/repo_maint.py prune-worktrees   # remove merged worktrees that are clean

Anything with uncommitted changes, untracked files, stashes or unpushed
commits is reported and left alone. `git worktree remove` is never called
with --force.
"""
import argparse
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

TOP = Path(subprocess.check_output(["git", "rev-parse", "--show-toplevel"], text=True).strip())
PROTECTED_BRANCHES = {"main", "master", "develop"}


def git(*args, cwd=TOP, check=True) -> str:
    res = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True)
    if check and res.returncode != 0:
        raise RuntimeError(f"git {' '.join(args)} in {cwd}: {res.stderr.strip()}")
    return res.stdout.strip()


@dataclass
class TreeState:
    path: Path
    branch: str
    dirty: bool
    untracked: bool
    ahead: int
    behind: int
    stashes: int

    @property
    def clean(self) -> bool:
        return not (self.dirty or self.untracked or self.ahead or self.stashes)

    def describe(self) -> str:
        flags = []
        if self.dirty:
            flags.append("modified")
        if self.untracked:
            flags.append("untracked")
        if self.ahead:
            flags.append(f"ahead {self.ahead}")
        if self.behind:
            flags.append(f"behind {self.behind}")
        if self.stashes:
            flags.append(f"{self.stashes} stash(es)")
        return ", ".join(flags) or "clean"


def inspect(path: Path) -> TreeState:
    status = git("status", "--porcelain=v2", "--branch", cwd=path)
    branch, ahead, behind = "(detached)", 0, 0
    dirty = untracked = False
    for line in status.splitlines():
        if line.startswith("# branch.head "):
            branch = line.split(" ", 2)[2]
        elif line.startswith("# branch.ab "):
            parts = line.split()
            ahead, behind = int(parts[2][1:]), int(parts[3][1:])
        elif line.startswith("?"):
            untracked = True
        elif line[:1] in "12u":
            dirty = True
    stashes = len(git("stash", "list", cwd=path, check=False).splitlines())
    return TreeState(path, branch, dirty, untracked, ahead, behind, stashes)


def submodules() -> list:
    out = git("submodule", "status", "--recursive", check=False)
    paths = []
    for line in out.splitlines():
        parts = line.strip().split()
        if len(parts) >= 2:
            paths.append(TOP / parts[1])
    return [p for p in paths if (p / ".git").exists()]


def worktrees() -> list:
    out = git("worktree", "list", "--porcelain")
    trees, cur = [], {}
    for line in out.splitlines() + [""]:
        if not line:
            if cur:
                trees.append(cur)
            cur = {}
            continue
        key, _, value = line.partition(" ")
        cur[key] = value or True
    return [t for t in trees if Path(t["worktree"]) != TOP]


def merged_branches(base: str) -> set:
    out = git("branch", "--merged", base, "--format=%(refname:short)")
    return {b.strip() for b in out.splitlines()}


def cmd_status() -> int:
    rows = []
    with ThreadPoolExecutor(max_workers=8) as pool:
        rows.extend(pool.map(inspect, submodules()))
    for wt in worktrees():
        rows.append(inspect(Path(wt["worktree"])))
    for st in rows:
        rel = st.path.relative_to(TOP) if TOP in st.path.parents else st.path
        print(f"{str(rel):<40} {st.branch:<28} {st.describe()}")
    return 0


def sync_one(path: Path) -> str:
    st = inspect(path)
    if not st.clean:
        return f"skip {path.relative_to(TOP)}: {st.describe()}"
    git("fetch", "--prune", "--quiet", cwd=path)
    if st.branch == "(detached)":
        return f"fetched {path.relative_to(TOP)} (detached, left at recorded commit)"
    upstream = git("rev-parse", "--abbrev-ref", "@{upstream}", cwd=path, check=False)
    if not upstream:
        return f"skip {path.relative_to(TOP)}: no upstream"
    res = subprocess.run(["git", "merge", "--ff-only", upstream], cwd=path,
                         capture_output=True, text=True)
    if res.returncode != 0:
        return f"skip {path.relative_to(TOP)}: cannot fast-forward"
    return f"updated {path.relative_to(TOP)}"


def cmd_sync(jobs: int) -> int:
    git("submodule", "sync", "--recursive")
    git("submodule", "update", "--init", "--recursive")
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for line in pool.map(sync_one, submodules()):
            print(line)
    return 0


def cmd_prune(base: str, apply: bool) -> int:
    git("worktree", "prune")
    merged = merged_branches(base)
    exit_code = 0
    for wt in worktrees():
        path = Path(wt["worktree"])
        branch = str(wt.get("branch", "")).removeprefix("refs/heads/")
        if wt.get("locked"):
            print(f"keep {path}: locked")
            continue
        if branch in PROTECTED_BRANCHES or branch not in merged:
            print(f"keep {path}: branch {branch or '(detached)'} not merged into {base}")
            continue
        st = inspect(path)
        if not st.clean:
            print(f"keep {path}: {st.describe()}")
            continue
        if not apply:
            print(f"would remove {path} ({branch})")
            continue
        res = subprocess.run(["git", "worktree", "remove", str(path)], cwd=TOP,
                             capture_output=True, text=True)
        if res.returncode != 0:
            print(f"could not remove {path}: {res.stderr.strip()}")
            exit_code = 1
        else:
            print(f"removed {path}")
    if not apply:
        print("dry run; pass --apply to remove")
    return exit_code


def main() -> int:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("status")
    s = sub.add_parser("sync")
    s.add_argument("-j", "--jobs", type=int, default=4)
    p = sub.add_parser("prune-worktrees")
    p.add_argument("--base", default="origin/main")
    p.add_argument("--apply", action="store_true")
    args = ap.parse_args()
    try:
        if args.cmd == "status":
            return cmd_status()
        if args.cmd == "sync":
            return cmd_sync(args.jobs)
        return cmd_prune(args.base, args.apply)
    except RuntimeError as exc:
        print("error:", exc, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
