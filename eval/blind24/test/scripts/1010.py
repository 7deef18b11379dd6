#!/usr/bin/env python3
"""Summarise a mutmut run into a Markdown report for the pull request.

Reads the project's .mutmut-cache (SQLite, created by `mutmut run`), groups
surviving mutants per file and function, and writes reports/mutation.md.
With --rerun it first runs `mutmut run` for the given paths (bounded by
--max-minutes); with --diff-only it restricts the report to lines changed on
the current branch. Temporary copies of the cache are cleaned up.
"""
from __future__ import annotations

import argparse
import ast
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path.cwd()
CACHE = ROOT / ".mutmut-cache"
REPORT = ROOT / "reports" / "mutation.md"


@dataclass(frozen=True)
class Mutant:
    id: int
    filename: str
    line_number: int
    line: str
    status: str


def snapshot_cache() -> Path:
    """mutmut may hold the DB open; work on a copy in a temp dir."""
    if not CACHE.exists():
        raise SystemExit("no .mutmut-cache here; run `mutmut run` first or pass --rerun")
    tmpdir = Path(tempfile.mkdtemp(prefix="mutreport-"))
    copy = tmpdir / "cache.sqlite"
    shutil.copy2(CACHE, copy)
    return copy


def read_mutants(db: Path) -> list[Mutant]:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        rows = con.execute(
            """
            SELECT m.id, sf.filename, l.line_number, l.line, m.status
            FROM Mutant m
            JOIN Line l ON m.line = l.id
            JOIN SourceFile sf ON l.sourcefile = sf.id
            ORDER BY sf.filename, l.line_number
            """
        ).fetchall()
    finally:
        con.close()
    return [Mutant(*r) for r in rows]


def function_spans(path: Path) -> list[tuple[int, int, str]]:
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError):
        return []
    spans = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            spans.append((node.lineno, node.end_lineno or node.lineno, node.name))
    return sorted(spans)


def enclosing(spans, line: int) -> str:
    best = "<module>"
    for start, end, name in spans:
        if start <= line <= end:
            best = name
    return best


def changed_lines(base: str) -> dict[str, set[int]]:
    out = subprocess.run(["git", "diff", "-U0", f"{base}...HEAD", "--", "*.py"],
                         capture_output=True, text=True, check=True).stdout
    result: dict[str, set[int]] = defaultdict(set)
    current = None
    for line in out.splitlines():
        if line.startswith("+++ b/"):
            current = line[6:]
        elif line.startswith("@@") and current:
            plus = line.split("+", 1)[1].split(" ", 1)[0]
            start, _, count = plus.partition(",")
            n = int(count or 1)
            result[current].update(range(int(start), int(start) + n))
    return result


def rerun(paths: list[str], max_minutes: int) -> int:
    argv = ["mutmut", "run", "--paths-to-mutate", ",".join(paths), "--no-progress"]
    print("$ " + " ".join(argv), file=sys.stderr)
    try:
        return subprocess.run(argv, timeout=max_minutes * 60).returncode
    except subprocess.TimeoutExpired:
        print(f"mutmut stopped after {max_minutes} min; report covers what finished", file=sys.stderr)
        return 124


def render(mutants: list[Mutant], only: dict[str, set[int]] | None) -> str:
    survivors = [m for m in mutants if m.status in ("bad_survived", "bad_timeout")]
    if only is not None:
        survivors = [m for m in survivors if m.line_number in only.get(m.filename, set())]
    killed = sum(1 for m in mutants if m.status == "ok_killed")
    total = sum(1 for m in mutants if m.status != "untested")
    score = (killed / total * 100) if total else 0.0
    lines = ["# Mutation testing", "", f"Score: **{score:.1f}%** ({killed}/{total} killed)", ""]
    if not survivors:
        lines.append("No surviving mutants" + (" on changed lines." if only is not None else "."))
        return "\n".join(lines) + "\n"
    by_file: dict[str, list[Mutant]] = defaultdict(list)
    for m in survivors:
        by_file[m.filename].append(m)
    for filename, items in sorted(by_file.items()):
        spans = function_spans(ROOT / filename)
        lines += [f"## `{filename}` ({len(items)} surviving)", "", "| id | line | function | code |", "|---|---|---|---|"]
        for m in items:
            code = m.line.strip().replace("|", "\\|")[:80]
            lines.append(f"| {m.id} | {m.line_number} | `{enclosing(spans, m.line_number)}` | `{code}` |")
        lines.append("")
    lines.append("Inspect one with `mutmut show <id>`.")
    return "\n".join(lines) + "\n"


def status_counts(mutants: list[Mutant]) -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for m in mutants:
        counts[m.status] += 1
    return dict(sorted(counts.items()))


def print_counts(mutants: list[Mutant]) -> None:
    labels = {
        "ok_killed": "killed",
        "bad_survived": "survived",
        "bad_timeout": "timeout",
        "ok_suspicious": "suspicious",
        "untested": "not run",
    }
    for status, n in status_counts(mutants).items():
        print(f"  {labels.get(status, status):12} {n}", file=sys.stderr)


def main() -> int:
    ap = argparse.ArgumentParser(description="markdown report from .mutmut-cache")
    ap.add_argument("paths", nargs="*", default=["src"])
    ap.add_argument("--rerun", action="store_true")
    ap.add_argument("--max-minutes", type=int, default=30)
    ap.add_argument("--diff-only", metavar="BASE", help="only report survivors on lines changed since BASE")
    ap.add_argument("--stdout", action="store_true")
    opts = ap.parse_args()
    if opts.rerun:
        if shutil.which("mutmut") is None:
            raise SystemExit("mutmut not installed (pipx install mutmut)")
        rerun(opts.paths, opts.max_minutes)
    db = snapshot_cache()
    try:
        mutants = read_mutants(db)
    finally:
        shutil.rmtree(db.parent, ignore_errors=True)
    print_counts(mutants)
    only = changed_lines(opts.diff_only) if opts.diff_only else None
    text = render(mutants, only)
    if opts.stdout:
        sys.stdout.write(text)
        return 0
    REPORT.parent.mkdir(exist_ok=True, parents=True)
    tmp = REPORT.with_suffix(".md.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, REPORT)
    print(f"wrote {REPORT.relative_to(ROOT)} ({len(mutants)} mutants in cache)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
