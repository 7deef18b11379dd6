#!/usr/bin/env python3
"""Move large binary files on the current feature branch into Git LFS.

    python3 tools/lfs_adopt.py              # report: which files would move
    python3 tools/lfs_adopt.py --apply      # rewrite ONLY unpushed commits

The history rewrite is limited on purpose: `git lfs migrate import` runs with
--include-ref=<this branch> --exclude-ref=<its upstream/merge-base with
main>, so only commits that exist nowhere else are rewritten. The script
refuses to run when the branch has an upstream that already contains HEAD,
when the tree is dirty, or on main/release branches. A backup ref
refs/lfs-adopt-backup/<branch> is created first.
"""
import argparse
import subprocess
import sys
from pathlib import Path

PROTECTED = ("main", "master", "develop")
THRESHOLD_BYTES = 2 * 1024 * 1024
BINARY_SUFFIXES = {".psd", ".png", ".jpg", ".zip", ".onnx", ".bin", ".parquet", ".mp4", ".pdf"}


def git(*args, check=True):
    res = subprocess.run(["git", *args], capture_output=True, text=True)
    if check and res.returncode != 0:
        sys.exit(f"git {' '.join(args)} failed: {res.stderr.strip()}")
    return res.stdout.strip()


def repo_root():
    return Path(git("rev-parse", "--show-toplevel"))


def current_branch():
    branch = git("rev-parse", "--abbrev-ref", "HEAD")
    if branch == "HEAD":
        sys.exit("detached HEAD; check out a branch first")
    if branch in PROTECTED or branch.startswith("release/"):
        sys.exit(f"refusing to rewrite {branch}")
    return branch


def base_commit(branch):
    for candidate in ("origin/main", "main", "origin/master"):
        if git("rev-parse", "--verify", "-q", candidate, check=False):
            return git("merge-base", branch, candidate)
    sys.exit("cannot find main to compute the branch base")


def pushed(branch):
    upstream = git("rev-parse", "--abbrev-ref", f"{branch}@{{upstream}}", check=False)
    if not upstream:
        return False
    # HEAD reachable from upstream means rewriting would diverge from the remote
    return subprocess.run(["git", "merge-base", "--is-ancestor", "HEAD", upstream]).returncode == 0


def candidates(base):
    out = git("rev-list", "--objects", f"{base}..HEAD")
    paths = {}
    for line in out.splitlines():
        parts = line.split(" ", 1)
        if len(parts) != 2:
            continue
        sha, path = parts
        if Path(path).suffix.lower() not in BINARY_SUFFIXES:
            continue
        size = int(git("cat-file", "-s", sha))
        if size >= THRESHOLD_BYTES:
            paths[path] = max(size, paths.get(path, 0))
    return paths


def already_tracked(path):
    attr = git("check-attr", "filter", "--", path)
    return attr.endswith("lfs")


def human(n):
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024:
            return f"{n:.0f} {unit}"
        n /= 1024
    return f"{n:.1f} TiB"


def report(paths):
    if not paths:
        print("no large binaries added on this branch")
        return []
    todo = []
    for path, size in sorted(paths.items(), key=lambda kv: -kv[1]):
        tracked = already_tracked(path)
        print(f"  {human(size):>9}  {path}{'  (already LFS)' if tracked else ''}")
        if not tracked:
            todo.append(path)
    return todo


def patterns_for(paths):
    return sorted({f"*{Path(p).suffix.lower()}" for p in paths})


def update_gitattributes(paths):
    """Make sure future additions of these types go straight to LFS."""
    attrs = repo_root() / ".gitattributes"
    existing = attrs.read_text().splitlines() if attrs.exists() else []
    added = []
    for pattern in patterns_for(paths):
        line = f"{pattern} filter=lfs diff=lfs merge=lfs -text"
        if line not in existing:
            existing.append(line)
            added.append(pattern)
    if added:
        attrs.write_text("\n".join(existing) + "\n")
        print(f"added to .gitattributes: {', '.join(added)} (commit this change)")
    return added


def verify_pointers():
    """After the rewrite, every candidate path at HEAD must be an LFS pointer."""
    out = git("lfs", "ls-files", "--name-only")
    tracked = set(out.splitlines())
    problems = 0
    for path in git("diff", "--name-only", "HEAD~1", "HEAD", check=False).splitlines():
        if Path(path).suffix.lower() in BINARY_SUFFIXES and path not in tracked:
            print(f"  not in LFS after migrate: {path}")
            problems += 1
    return problems


def apply(branch, base, paths):
    if git("status", "--porcelain"):
        sys.exit("working tree is dirty; commit or stash first")
    if pushed(branch):
        sys.exit(f"{branch} is already on its upstream; rewriting would need a force push")
    backup = f"refs/lfs-adopt-backup/{branch}"
    git("update-ref", backup, "HEAD")
    print(f"backup ref {backup} -> {git('rev-parse', '--short', 'HEAD')}")
    include = ",".join(patterns_for(paths))
    argv = ["git", "lfs", "migrate", "import", f"--include={include}",
            f"--include-ref=refs/heads/{branch}", f"--exclude-ref={base}", "--yes"]
    print("+", " ".join(argv))
    res = subprocess.run(argv)
    if res.returncode != 0:
        print(f"migrate failed; restore with: git reset --hard {backup}")
        return res.returncode
    if verify_pointers():
        print(f"some files were not converted; inspect, or restore with: git reset --hard {backup}")
    update_gitattributes(paths)
    print("done. Check `git log --stat` and push normally (no force needed: nothing was pushed).")
    print(f"remove the backup later with: git update-ref -d {backup}")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--apply", action="store_true", help="rewrite unpushed commits")
    ap.add_argument("--threshold-mb", type=float, default=THRESHOLD_BYTES / 1048576)
    args = ap.parse_args()
    global THRESHOLD_BYTES
    THRESHOLD_BYTES = int(args.threshold_mb * 1048576)

    root = repo_root()
    if subprocess.run(["git", "lfs", "version"], capture_output=True).returncode != 0:
        sys.exit("git-lfs is not installed")
    branch = current_branch()
    base = base_commit(branch)
    print(f"{root.name}: branch {branch}, base {base[:10]}, threshold {human(THRESHOLD_BYTES)}")
    todo = report(candidates(base))
    if not todo:
        return 0
    if not args.apply:
        print(f"\n{len(todo)} file(s) would move to LFS ({', '.join(patterns_for(todo))}); pass --apply")
        return 0
    return apply(branch, base, todo)


if __name__ == "__main__":
    sys.exit(main())
