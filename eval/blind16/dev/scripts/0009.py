#!/usr/bin/env python3
"""Read-only git archaeology: who touched a file region, and when did it change.

Subcommands:
  hotspots   files with the most commits in a window, with author counts
  owners     blame summary (lines per author) for a path or a line range
  timeline   commits that touched a symbol, found with `git log -S`
  renames    follow a file through renames and print its old paths

Every git call is a fixed argv list. Nothing here writes to the repository: no
checkout, no reset, no notes, no config. Output is plain text or JSON on stdout.
"""
from __future__ import annotations

import argparse
import collections
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

READ_ONLY_SUBCOMMANDS = {"log", "blame", "rev-parse", "ls-files", "show", "rev-list"}


class GitError(RuntimeError):
    pass


def git(*args: str, cwd: Path | None = None) -> str:
    if args[0] not in READ_ONLY_SUBCOMMANDS:
        raise GitError(f"refusing non read-only git subcommand {args[0]!r}")
    proc = subprocess.run(
        ["git", "--no-pager", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={"GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C", "PATH": "/usr/bin:/bin:/usr/local/bin"},
    )
    if proc.returncode != 0:
        raise GitError(proc.stderr.strip() or f"git {args[0]} failed")
    return proc.stdout


def repo_root() -> Path:
    return Path(git("rev-parse", "--show-toplevel").strip())


@dataclass
class Commit:
    sha: str
    author: str
    date: str
    subject: str


def parse_log(text: str) -> list[Commit]:
    commits = []
    for line in text.splitlines():
        parts = line.split("\x1f")
        if len(parts) == 4:
            commits.append(Commit(*parts))
    return commits


LOG_FORMAT = "--format=%H\x1f%an\x1f%ad\x1f%s"


def hotspots(root: Path, since: str, top: int) -> list[dict]:
    out = git("log", f"--since={since}", "--name-only", "--format=@@%an", cwd=root)
    per_file: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    author = None
    for line in out.splitlines():
        if line.startswith("@@"):
            author = line[2:]
        elif line.strip() and author:
            per_file[line.strip()][author] += 1
    tracked = set(git("ls-files", cwd=root).splitlines())
    rows = []
    for path, counter in per_file.items():
        if path not in tracked:
            continue
        rows.append({
            "path": path,
            "commits": sum(counter.values()),
            "authors": len(counter),
            "top_author": counter.most_common(1)[0][0],
        })
    rows.sort(key=lambda r: (-r["commits"], r["path"]))
    return rows[:top]


def owners(root: Path, path: str, lines: str | None) -> list[dict]:
    args = ["blame", "--line-porcelain"]
    if lines:
        args += ["-L", lines]
    args += ["--", path]
    out = git(*args, cwd=root)
    counts: collections.Counter = collections.Counter()
    latest: dict[str, int] = {}
    author = None
    for line in out.splitlines():
        if line.startswith("author "):
            author = line[len("author "):]
            counts[author] += 1
        elif line.startswith("author-time ") and author:
            ts = int(line.split()[1])
            latest[author] = max(latest.get(author, 0), ts)
    total = sum(counts.values()) or 1
    return [
        {"author": a, "lines": n, "share": round(n / total, 3), "last_touch": latest.get(a)}
        for a, n in counts.most_common()
    ]


def timeline(root: Path, symbol: str, path: str | None) -> list[Commit]:
    args = ["log", "--date=short", LOG_FORMAT, "-S", symbol]
    if path:
        args += ["--", path]
    return parse_log(git(*args, cwd=root))


def renames(root: Path, path: str) -> list[str]:
    out = git("log", "--follow", "--name-status", "--format=", "--", path, cwd=root)
    seen: list[str] = []
    for line in out.splitlines():
        parts = line.split("\t")
        if parts and parts[0].startswith("R") and len(parts) == 3:
            old = parts[1]
            if old not in seen:
                seen.append(old)
    return seen


def emit(data, as_json: bool) -> None:
    if as_json:
        json.dump(data, sys.stdout, indent=2, default=lambda o: o.__dict__)
        sys.stdout.write("\n")
        return
    if isinstance(data, list):
        for item in data:
            if isinstance(item, Commit):
                print(f"{item.sha[:10]} {item.date} {item.author:<20} {item.subject}")
            elif isinstance(item, dict):
                print("  ".join(f"{k}={v}" for k, v in item.items()))
            else:
                print(item)
    else:
        print(data)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--json", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    h = sub.add_parser("hotspots")
    h.add_argument("--since", default="6 months ago")
    h.add_argument("--top", type=int, default=25)
    o = sub.add_parser("owners")
    o.add_argument("path")
    o.add_argument("-L", dest="lines")
    t = sub.add_parser("timeline")
    t.add_argument("symbol")
    t.add_argument("--path")
    r = sub.add_parser("renames")
    r.add_argument("path")
    args = ap.parse_args()

    try:
        root = repo_root()
        if args.cmd == "hotspots":
            emit(hotspots(root, args.since, args.top), args.json)
        elif args.cmd == "owners":
            emit(owners(root, args.path, args.lines), args.json)
        elif args.cmd == "timeline":
            emit(timeline(root, args.symbol, args.path), args.json)
        elif args.cmd == "renames":
            emit(renames(root, args.path), args.json)
    except GitError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
