#!/usr/bin/env python3
"""Codemod: replace bare print() debugging in library code with the module logger.

    python tools/print_to_logging.py [--check] [--include 'quillmark/**/*.py'] [paths ...]

For every git-tracked Python file under quillmark/ (tests and scripts are left
alone) the codemod:
  * rewrites top-level `print(...)` calls inside functions to `log.debug(...)`,
    converting simple f-strings to %-style lazy formatting,
  * adds `import logging` and `log = logging.getLogger(__name__)` when missing,
  * leaves prints that write to file= arguments untouched.
It works on the token stream so comments and formatting survive, writes files in
place (or only reports with --check), then runs `ruff format` on the changed ones.
"""
from __future__ import annotations

import ast
import io
import subprocess
import sys
import tokenize
from argparse import ArgumentParser
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_GLOB = "quillmark/**/*.py"
EXCLUDE_PARTS = {"tests", "scripts", "notebooks"}
LOGGER_LINES = ["import logging", "log = logging.getLogger(__name__)"]


@dataclass
class Edit:
    line: int
    col: int
    end_col: int
    replacement: str


def tracked(pattern: str) -> list[Path]:
    out = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, text=True, check=True).stdout
    files = []
    for rel in out.split("\0"):
        if not rel.endswith(".py") or not fnmatch(rel, pattern):
            continue
        if EXCLUDE_PARTS & set(Path(rel).parts):
            continue
        files.append(REPO / rel)
    return files


class PrintFinder(ast.NodeVisitor):
    def __init__(self) -> None:
        self.calls: list[ast.Call] = []
        self.depth = 0

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]

    def visit_Call(self, node: ast.Call) -> None:
        if (
            self.depth
            and isinstance(node.func, ast.Name)
            and node.func.id == "print"
            and not any(k.arg == "file" for k in node.keywords)
            and node.lineno == node.end_lineno
        ):
            self.calls.append(node)
        self.generic_visit(node)


def lazy_args(call: ast.Call, source_line: str) -> str | None:
    if len(call.args) == 1 and isinstance(call.args[0], ast.JoinedStr):
        fmt, values = [], []
        for part in call.args[0].values:
            if isinstance(part, ast.Constant):
                fmt.append(str(part.value).replace("%", "%%"))
            elif isinstance(part, ast.FormattedValue) and part.format_spec is None and part.conversion == -1:
                fmt.append("%s")
                values.append(ast.get_source_segment(source_line, part.value) or ast.unparse(part.value))
            else:
                return None
        return ", ".join([repr("".join(fmt)), *values])
    segs = [ast.unparse(a) for a in call.args]
    if len(segs) == 1:
        return segs[0]
    return ", ".join([repr(" ".join(["%s"] * len(segs))), *segs])


def plan_edits(source: str) -> list[Edit]:
    tree = ast.parse(source)
    finder = PrintFinder()
    finder.visit(tree)
    lines = source.splitlines()
    edits = []
    for call in finder.calls:
        line = lines[call.lineno - 1]
        args = lazy_args(call, line)
        if args is None:
            continue
        edits.append(Edit(call.lineno, call.col_offset, call.end_col_offset, f"log.debug({args})"))
    return edits


def apply_edits(source: str, edits: list[Edit]) -> str:
    lines = source.splitlines(keepends=True)
    for e in sorted(edits, key=lambda e: (e.line, e.col), reverse=True):
        text = lines[e.line - 1]
        lines[e.line - 1] = text[: e.col] + e.replacement + text[e.end_col:]
    return "".join(lines)


def ensure_logger(source: str) -> str:
    if "getLogger(__name__)" in source:
        return source
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    insert_after = 0
    for tok in tokens:
        if tok.type == tokenize.NAME and tok.string in ("import", "from") and tok.start[1] == 0:
            insert_after = tok.start[0]
        elif tok.type == tokenize.NAME and tok.start[1] == 0 and tok.string in ("def", "class"):
            break
    lines = source.splitlines(keepends=True)
    block = [l + "\n" for l in LOGGER_LINES if l not in source]
    return "".join(lines[:insert_after] + block + lines[insert_after:])


def main(argv: list[str]) -> int:
    cli = ArgumentParser(prog="print_to_logging")
    cli.add_argument("--check", action="store_true")
    cli.add_argument("--include", default=DEFAULT_GLOB)
    cli.add_argument("paths", nargs="*", type=Path)
    opts = cli.parse_args(argv)

    files = tracked(opts.include)
    if opts.paths:
        chosen = {p.resolve() for p in opts.paths}
        files = [f for f in files if f.resolve() in chosen]
    changed: list[Path] = []
    total = 0
    for f in files:
        src = f.read_text(encoding="utf-8")
        edits = plan_edits(src)
        if not edits:
            continue
        total += len(edits)
        changed.append(f)
        print(f"{f.relative_to(REPO)}: {len(edits)} print() calls")
        if not opts.check:
            f.write_text(ensure_logger(apply_edits(src, edits)), encoding="utf-8")
    if changed and not opts.check:
        subprocess.run(["ruff", "format", *[str(p) for p in changed]], cwd=REPO, check=False)
    print(f"{total} calls in {len(changed)} files {'would change' if opts.check else 'rewritten'}")
    return 1 if (opts.check and changed) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
