#!/usr/bin/env python3
"""Normalise file modes in the repository after a checkout from a Windows share.

What it does (all inside the repository, never outside):

* executables: everything under ``scripts/`` and ``tools/`` with a shebang gets u+x,
  and files that lost the bit in git's index are reported;
* data and sources: drop group/other write (``go-w``) everywhere;
* ``var/uploads`` gets a default ACL so the local dev web server (running as the
  ``www-data`` group in docker-compose) can read what tests put there;
* ``secrets/`` and ``.env*`` are tightened to 0600.

``--check`` (default) lists changes; ``--fix`` applies them.  Paths given on the
command line must be inside the repository; anything else is rejected.
"""
from __future__ import annotations

import argparse
import grp
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXEC_DIRS = ("scripts", "tools", "ci")
PRIVATE_GLOBS = ("secrets/**/*", ".env", ".env.*")
UPLOAD_DIR = ROOT / "var" / "uploads"
WEB_GROUP = "www-data"
IGNORE = {".git", "node_modules", ".venv", "build", "dist"}


class Change:
    __slots__ = ("path", "old", "new", "reason")

    def __init__(self, path: Path, old: int, new: int, reason: str):
        self.path, self.old, self.new, self.reason = path, old, new, reason

    def __str__(self) -> str:
        rel = self.path.relative_to(ROOT)
        return f"{oct(self.old)[-4:]} -> {oct(self.new)[-4:]}  {rel}  ({self.reason})"


def ensure_inside(path: Path) -> Path:
    resolved = path.resolve()
    if resolved != ROOT and ROOT not in resolved.parents:
        raise SystemExit(f"refusing to touch {path}: outside {ROOT}")
    return resolved


def walk(start: Path):
    for root, dirs, files in os.walk(start):
        dirs[:] = sorted(d for d in dirs if d not in IGNORE)
        for name in sorted(files):
            p = Path(root) / name
            if not p.is_symlink():
                yield p


def has_shebang(path: Path) -> bool:
    try:
        with path.open("rb") as fh:
            return fh.read(2) == b"#!"
    except OSError:
        return False


def plan(paths: list[Path]) -> list[Change]:
    changes: list[Change] = []
    private = set()
    for pattern in PRIVATE_GLOBS:
        private.update(p.resolve() for p in ROOT.glob(pattern) if p.is_file())
    for start in paths:
        for path in walk(start):
            mode = stat.S_IMODE(path.lstat().st_mode)
            new = mode & ~(stat.S_IWGRP | stat.S_IWOTH)
            reason = "drop go-w"
            if path.resolve() in private:
                new = 0o600
                reason = "private file"
            elif path.parent.name in EXEC_DIRS or any(part in EXEC_DIRS for part in
                                                      path.relative_to(ROOT).parts[:1]):
                if has_shebang(path):
                    new |= stat.S_IXUSR
                    reason = "script with shebang"
            if new != mode:
                changes.append(Change(path, mode, new, reason))
    return changes


def index_exec_mismatches() -> list[str]:
    out = subprocess.run(["git", "ls-files", "-s", "--", *EXEC_DIRS], cwd=ROOT,
                         capture_output=True, text=True, check=False).stdout
    problems = []
    for line in out.splitlines():
        meta, _, rel = line.partition("\t")
        mode = meta.split()[0]
        path = ROOT / rel
        if path.is_file() and has_shebang(path) and mode != "100755":
            problems.append(rel)
    return problems


def apply_acl(fix: bool) -> None:
    if not UPLOAD_DIR.is_dir():
        return
    try:
        grp.getgrnam(WEB_GROUP)
    except KeyError:
        print(f"group {WEB_GROUP} not present on this machine; skipping ACLs")
        return
    if shutil.which("setfacl") is None:
        print("setfacl not installed; skipping ACLs")
        return
    target = ensure_inside(UPLOAD_DIR)
    argv = ["setfacl", "-R", "-m", f"g:{WEB_GROUP}:rX", "-m", f"d:g:{WEB_GROUP}:rX", str(target)]
    if fix:
        subprocess.run(argv, check=True)
        print(f"applied read ACL for {WEB_GROUP} on {target.relative_to(ROOT)}")
    else:
        print("would run: " + " ".join(argv))
    current = subprocess.run(["getfacl", "-p", "--omit-header", str(target)],
                             capture_output=True, text=True, check=False).stdout
    print("current ACL:\n" + "\n".join("   " + ln for ln in current.splitlines() if ln))


def summarize(changes: list[Change]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for change in changes:
        counts[change.reason] = counts.get(change.reason, 0) + 1
    return counts


def write_report(changes: list[Change], mismatched: list[str], applied: bool) -> Path:
    """Keep a machine-readable record next to the other build outputs."""
    import json

    out = ROOT / "build" / "permissions-report.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    payload = {
        "applied": applied,
        "by_reason": summarize(changes),
        "changes": [
            {"path": str(c.path.relative_to(ROOT)), "old": oct(c.old), "new": oct(c.new),
             "reason": c.reason}
            for c in changes
        ],
        "index_missing_exec": mismatched,
    }
    out.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description="fix file modes inside the repository")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", default=True)
    mode.add_argument("--fix", action="store_true")
    parser.add_argument("paths", nargs="*", type=Path)
    parser.add_argument("--git-index", action="store_true",
                        help="also set the executable bit in the git index")
    args = parser.parse_args()

    starts = [ensure_inside(p) for p in args.paths] or [ROOT]
    old_umask = os.umask(0o022)
    try:
        changes = plan(starts)
        for change in changes:
            print(change)
            if args.fix:
                os.chmod(change.path, change.new)
        print(f"{len(changes)} mode change(s) {'applied' if args.fix else 'planned'}")

        mismatched = index_exec_mismatches()
        for rel in mismatched:
            print(f"git index lacks +x: {rel}")
            if args.fix and args.git_index:
                subprocess.run(["git", "update-index", "--chmod=+x", rel], cwd=ROOT, check=True)
        apply_acl(args.fix)
        report = write_report(changes, mismatched, args.fix)
        for reason, count in sorted(summarize(changes).items()):
            print(f"  {count:4d}  {reason}")
        print(f"report: {report.relative_to(ROOT)}")
    finally:
        os.umask(old_umask)
    if not args.fix and changes:
        print("re-run with --fix to apply")
    return 0


if __name__ == "__main__":
    sys.exit(main())
