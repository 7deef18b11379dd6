#!/usr/bin/env python3
"""Codemod driver: migrate `fernleaf.legacy.config.get(...)` calls to `settings.<name>`.

Uses libcst so formatting and comments survive. Walks only tracked Python files
under src/ and tests/ (via `git ls-files`), rewrites them in place, then runs
`ruff format` and `ruff check --fix` on exactly the files it changed. With
--check it only reports what would change and exits 1 if anything would.
"""
from __future__ import annotations

import argparse
import difflib
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import libcst as cst
import libcst.matchers as m

ROOT = Path(__file__).resolve().parents[1]
SCOPES = ("src", "tests")
IMPORT_LINE = "from fernleaf.settings import settings"
RENAMES = {
    "DB_URL": "database_url",
    "CACHE_TTL": "cache_ttl_seconds",
    "FEATURE_FLAGS": "feature_flags",
}


@dataclass
class Stats:
    files_seen: int = 0
    files_changed: int = 0
    calls_rewritten: int = 0
    skipped: list[str] = field(default_factory=list)


class ConfigGetTransformer(cst.CSTTransformer):
    """config.get("NAME") / config.get("NAME", default) -> settings.name"""

    def __init__(self) -> None:
        self.rewritten = 0
        self.needs_import = False

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        if not m.matches(
            updated,
            m.Call(func=m.Attribute(value=m.Name("config"), attr=m.Name("get"))),
        ):
            return updated
        if not updated.args or not isinstance(updated.args[0].value, cst.SimpleString):
            return updated
        key = updated.args[0].value.evaluated_value
        if not isinstance(key, str):
            return updated
        attr = RENAMES.get(key, key.lower())
        self.rewritten += 1
        self.needs_import = True
        new = cst.Attribute(value=cst.Name("settings"), attr=cst.Name(attr))
        if len(updated.args) > 1:
            # keep explicit defaults: settings.x if settings.x is not None else default
            default = updated.args[1].value
            return cst.IfExp(
                test=cst.Comparison(
                    left=new,
                    comparisons=[cst.ComparisonTarget(cst.IsNot(), cst.Name("None"))],
                ),
                body=new,
                orelse=default,
            )
        return new


def tracked_python_files() -> list[Path]:
    out = subprocess.run(
        ["git", "ls-files", "--", *[f"{s}/*.py" for s in SCOPES]],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout
    return [ROOT / line for line in out.splitlines() if line.endswith(".py")]


def add_import(source: str) -> str:
    if IMPORT_LINE in source:
        return source
    lines = source.splitlines(keepends=True)
    insert_at = 0
    for i, line in enumerate(lines):
        if line.startswith(("import ", "from ")):
            insert_at = i + 1
        elif line.strip() and not line.startswith(("#", '"""', "'")) and insert_at:
            break
    lines.insert(insert_at, IMPORT_LINE + "\n")
    return "".join(lines)


def transform(path: Path) -> tuple[str, str, int]:
    before = path.read_text(encoding="utf-8")
    if "config.get(" not in before:
        return before, before, 0
    module = cst.parse_module(before)
    tx = ConfigGetTransformer()
    after = module.visit(tx).code
    if tx.needs_import:
        after = add_import(after)
    return before, after, tx.rewritten


def format_files(paths: list[Path]) -> None:
    if not paths:
        return
    rel = [str(p.relative_to(ROOT)) for p in paths]
    subprocess.run(["ruff", "format", *rel], cwd=ROOT, check=False)
    subprocess.run(["ruff", "check", "--fix", "--select", "I,F401", *rel], cwd=ROOT, check=False)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--check", action="store_true", help="report only, do not write")
    ap.add_argument("--diff", action="store_true", help="print unified diffs")
    ap.add_argument("paths", nargs="*", type=Path, help="limit to these files")
    args = ap.parse_args()

    files = tracked_python_files()
    if args.paths:
        wanted = {p.resolve() for p in args.paths}
        files = [f for f in files if f.resolve() in wanted]
    stats = Stats()
    changed: list[Path] = []
    for path in files:
        stats.files_seen += 1
        try:
            before, after, n = transform(path)
        except cst.ParserSyntaxError as exc:
            stats.skipped.append(f"{path.relative_to(ROOT)}: {exc.message}")
            continue
        if before == after:
            continue
        stats.files_changed += 1
        stats.calls_rewritten += n
        changed.append(path)
        if args.diff or args.check:
            rel = str(path.relative_to(ROOT))
            sys.stdout.writelines(
                difflib.unified_diff(before.splitlines(True), after.splitlines(True), rel, rel)
            )
        if not args.check:
            path.write_text(after, encoding="utf-8")

    if not args.check:
        format_files(changed)
    print(
        f"\n{stats.files_seen} files scanned, {stats.files_changed} changed, "
        f"{stats.calls_rewritten} calls rewritten"
    )
    for s in stats.skipped:
        print(f"skipped {s}", file=sys.stderr)
    if args.check and changed:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
