#!/usr/bin/env python3
"""Bulk rename an identifier across the repository with backup and diff preview.

    tools/rename_symbol.py OldClient ApiClient               # preview a unified diff
    tools/rename_symbol.py OldClient ApiClient --apply       # write, keep backups
    tools/rename_symbol.py --restore build/rename-backup/20240501-101500

Only files tracked by git are considered (``git ls-files``), so vendored code,
build outputs and anything outside the repository are never touched.  Each
modified file is copied to build/rename-backup/<stamp>/ before writing, and
``--restore`` puts those copies back.
"""
from __future__ import annotations

import argparse
import difflib
import fnmatch
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True,
                           text=True, check=True).stdout.strip())
BACKUP_ROOT = ROOT / "build" / "rename-backup"
DEFAULT_GLOBS = ["*.py", "*.ts", "*.tsx", "*.js", "*.cpp", "*.h", "*.hpp", "*.md", "*.rst"]
EXCLUDE = ["third_party/*", "vendor/*", "*.min.js", "*.lock", "CHANGELOG.md"]
MAX_BYTES = 2 * 1024 * 1024


def tracked_files(globs: list[str]) -> list[Path]:
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                         check=True).stdout.decode()
    files = []
    for rel in filter(None, out.split("\0")):
        if any(fnmatch.fnmatch(rel, pat) for pat in EXCLUDE):
            continue
        if not any(fnmatch.fnmatch(os.path.basename(rel), g) for g in globs):
            continue
        path = ROOT / rel
        if path.is_file() and not path.is_symlink() and path.stat().st_size <= MAX_BYTES:
            files.append(path)
    return files


def build_pattern(old: str, word: bool, regex: bool) -> re.Pattern:
    body = old if regex else re.escape(old)
    if word:
        body = rf"\b{body}\b"
    return re.compile(body)


def rewrite(path: Path, pattern: re.Pattern, new: str) -> tuple[str, str] | None:
    try:
        before = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return None
    after, n = pattern.subn(new, before)
    if n == 0:
        return None
    return before, after


def preview(path: Path, before: str, after: str, context: int) -> str:
    rel = str(path.relative_to(ROOT))
    diff = difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True),
                                fromfile=f"a/{rel}", tofile=f"b/{rel}", n=context)
    return "".join(diff)


def backup(path: Path, stamp_dir: Path) -> None:
    dest = stamp_dir / path.relative_to(ROOT)
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(path, dest)


def restore(stamp_dir: Path) -> int:
    stamp_dir = stamp_dir.resolve()
    if BACKUP_ROOT.resolve() not in stamp_dir.parents:
        raise SystemExit(f"{stamp_dir} is not a backup created by this tool")
    restored = 0
    for src in stamp_dir.rglob("*"):
        if src.is_file():
            dest = ROOT / src.relative_to(stamp_dir)
            shutil.copy2(src, dest)
            restored += 1
            print(f"restored {dest.relative_to(ROOT)}")
    return restored


def prune_old_backups(keep: int) -> None:
    if not BACKUP_ROOT.is_dir():
        return
    stamps = sorted(p for p in BACKUP_ROOT.iterdir() if p.is_dir())
    for old in stamps[:-keep]:
        shutil.rmtree(old)
        print(f"pruned old backup {old.name}")


def colorize(diff: str) -> str:
    if not sys.stdout.isatty():
        return diff
    out = []
    for line in diff.splitlines(keepends=True):
        if line.startswith("+") and not line.startswith("+++"):
            out.append(f"\033[32m{line}\033[0m")
        elif line.startswith("-") and not line.startswith("---"):
            out.append(f"\033[31m{line}\033[0m")
        else:
            out.append(line)
    return "".join(out)


def list_backups() -> int:
    """Show existing backups with their file counts, newest first."""
    if not BACKUP_ROOT.is_dir():
        print("no backups yet")
        return 0
    stamps = sorted((p for p in BACKUP_ROOT.iterdir() if p.is_dir()), reverse=True)
    for stamp in stamps:
        files = [f for f in stamp.rglob("*") if f.is_file()]
        size = sum(f.stat().st_size for f in files)
        print(f"{stamp.name}  {len(files):4d} file(s)  {size / 1024:8.1f} KiB")
    return len(stamps)


def count_only(files: list[Path], pattern: re.Pattern) -> None:
    total = 0
    for path in files:
        try:
            n = len(pattern.findall(path.read_text(encoding="utf-8")))
        except UnicodeDecodeError:
            continue
        if n:
            total += n
            print(f"{n:5d}  {path.relative_to(ROOT)}")
    print(f"{total} occurrence(s)")


def main() -> int:
    parser = argparse.ArgumentParser(description="rename an identifier in tracked files")
    parser.add_argument("old", nargs="?")
    parser.add_argument("new", nargs="?")
    parser.add_argument("--apply", action="store_true")
    parser.add_argument("--glob", action="append", help="file name globs (default: sources+docs)")
    parser.add_argument("--no-word", action="store_true", help="do not require word boundaries")
    parser.add_argument("--regex", action="store_true", help="treat OLD as a regular expression")
    parser.add_argument("--context", type=int, default=2)
    parser.add_argument("--restore", type=Path, metavar="BACKUP_DIR")
    parser.add_argument("--keep-backups", type=int, default=5)
    parser.add_argument("--list-backups", action="store_true")
    parser.add_argument("--count", action="store_true", help="only count occurrences")
    args = parser.parse_args()

    if args.list_backups:
        list_backups()
        return 0
    if args.restore:
        n = restore(args.restore)
        print(f"{n} file(s) restored")
        return 0
    if not args.old or args.new is None:
        parser.error("OLD and NEW are required unless --restore is used")

    pattern = build_pattern(args.old, not args.no_word, args.regex)
    files = tracked_files(args.glob or DEFAULT_GLOBS)
    if args.count:
        count_only(files, pattern)
        return 0
    stamp_dir = BACKUP_ROOT / time.strftime("%Y%m%d-%H%M%S")
    touched = 0
    for path in files:
        result = rewrite(path, pattern, args.new)
        if result is None:
            continue
        before, after = result
        touched += 1
        if not args.apply:
            sys.stdout.write(colorize(preview(path, before, after, args.context)))
            continue
        backup(path, stamp_dir)
        path.write_text(after, encoding="utf-8")
        print(f"rewrote {path.relative_to(ROOT)}")

    if args.apply and touched:
        print(f"\n{touched} file(s) changed; backup in {stamp_dir.relative_to(ROOT)}")
        print(f"undo with: {sys.argv[0]} --restore {stamp_dir.relative_to(ROOT)}")
        prune_old_backups(args.keep_backups)
    elif touched:
        print(f"\n{touched} file(s) would change; re-run with --apply")
    else:
        print("no matches")
    return 0


if __name__ == "__main__":
    sys.exit(main())
