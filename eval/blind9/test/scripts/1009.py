#!/usr/bin/env python3
"""todo-scan: list TODO/FIXME/HACK comments with their author and age.

    python tools/todo_scan.py list --tag FIXME
    python tools/todo_scan.py stats
    python tools/todo_scan.py export todo.csv

Uses `git grep` and `git blame --porcelain` with fixed arguments.
"""
from __future__ import annotations

import argparse
import csv
import functools
import re
import subprocess
import sys
import time
from collections import Counter
from typing import Iterable, NamedTuple

TAGS = ("TODO", "FIXME", "HACK", "XXX")
MARKER = re.compile(r"\b(" + "|".join(TAGS) + r")\b[:(]?\s*(.*)")


class Item(NamedTuple):
    path: str
    line: int
    tag: str
    text: str
    author: str
    age_days: int


def git(*args: str) -> str:
    return subprocess.run(("git",) + args, capture_output=True, text=True, check=True).stdout


def grep_markers() -> Iterable[tuple[str, int, str]]:
    pattern = r"\b(" + "|".join(TAGS) + r")\b"
    try:
        out = git("grep", "-n", "-I", "-E", pattern, "--", ".", ":(exclude)vendor", ":(exclude)*.min.js")
    except subprocess.CalledProcessError:
        return []
    rows = []
    for raw in out.splitlines():
        path, lineno, text = raw.split(":", 2)
        rows.append((path, int(lineno), text))
    return rows


@functools.lru_cache(maxsize=None)
def blame(path: str) -> dict[int, tuple[str, int]]:
    info: dict[int, tuple[str, int]] = {}
    out = git("blame", "--line-porcelain", "--", path)
    author, stamp, final_line = "?", 0, 0
    for line in out.splitlines():
        if re.match(r"^[0-9a-f]{40} ", line):
            final_line = int(line.split()[2])
        elif line.startswith("author "):
            author = line[7:]
        elif line.startswith("author-time "):
            stamp = int(line[12:])
        elif line.startswith("\t"):
            info[final_line] = (author, stamp)
    return info


def collect(tag_filter: str | None) -> list[Item]:
    now = time.time()
    items = []
    for path, lineno, text in grep_markers():
        m = MARKER.search(text)
        if not m or (tag_filter and m.group(1) != tag_filter):
            continue
        author, stamp = blame(path).get(lineno, ("?", now))
        items.append(Item(path, lineno, m.group(1), m.group(2).strip()[:100], author, int((now - stamp) // 86400)))
    return sorted(items, key=lambda i: i.age_days, reverse=True)


def cmd_list(args: argparse.Namespace) -> None:
    for i in collect(args.tag)[: args.limit]:
        print(f"{i.age_days:>5}d  {i.tag:<5} {i.path}:{i.line}  ({i.author})  {i.text}")


def cmd_stats(args: argparse.Namespace) -> None:
    items = collect(None)
    print("by tag:    " + ", ".join(f"{k}={v}" for k, v in Counter(i.tag for i in items).most_common()))
    print("by author: " + ", ".join(f"{k}={v}" for k, v in Counter(i.author for i in items).most_common(8)))
    old = [i for i in items if i.age_days > 365]
    print(f"older than a year: {len(old)} of {len(items)}")


def cmd_export(args: argparse.Namespace) -> None:
    items = collect(args.tag)
    with open(args.file, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(Item._fields)
        w.writerows(items)
    print(f"wrote {len(items)} rows to {args.file}")


def main() -> int:
    ap = argparse.ArgumentParser(prog="todo-scan")
    sub = ap.add_subparsers(required=True)
    p = sub.add_parser("list")
    p.add_argument("--tag", choices=TAGS)
    p.add_argument("--limit", type=int, default=50)
    p.set_defaults(func=cmd_list)
    p = sub.add_parser("stats")
    p.set_defaults(func=cmd_stats)
    p = sub.add_parser("export")
    p.add_argument("file")
    p.add_argument("--tag", choices=TAGS)
    p.set_defaults(func=cmd_export)
    args = ap.parse_args()
    args.func(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
