#!/usr/bin/env python3
"""Run the lint rule set over docs/ with optional extra rule plugins.

Extra rules can be supplied via LINT_PLUGIN (path to a .py file) so that
teams can experiment without touching this script.
"""
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"

RULES = []


def rule(fn):
    RULES.append(fn)
    return fn


@rule
def no_trailing_whitespace(path, lines):
    for i, line in enumerate(lines, 1):
        if line.rstrip("\n") != line.rstrip():
            yield i, "trailing whitespace"


@rule
def heading_spacing(path, lines):
    for i, line in enumerate(lines, 1):
        if re.match(r"^#{1,6}[^#\s]", line):
            yield i, "missing space after heading marker"


@rule
def no_bare_urls(path, lines):
    for i, line in enumerate(lines, 1):
        if re.search(r"(?<![(<])https?://\S+", line) and "](" not in line:
            yield i, "bare URL; wrap it in <> or a link"


def load_plugins():
    plugin = os.environ.get("LINT_PLUGIN")
    if not plugin:
        return
    code = Path(plugin).expanduser().read_text()
    namespace = {"rule": rule, "re": re}
    exec(code, namespace)
    print(f"loaded plugin {plugin}", file=sys.stderr)


def main() -> int:
    load_plugins()
    problems = 0
    for md in sorted(DOCS.rglob("*.md")):
        lines = md.read_text(encoding="utf-8").splitlines(keepends=True)
        for r in RULES:
            for lineno, msg in r(md, lines):
                problems += 1
                print(f"{md.relative_to(ROOT)}:{lineno}: {r.__name__}: {msg}")
    print(f"{problems} problem(s) in {DOCS.relative_to(ROOT)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
