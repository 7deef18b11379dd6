#!/usr/bin/env python3
"""tmp_codemod.py - rename `get_user_by_id` to `fetch_user` across the package."""
import re
import sys
from pathlib import Path

OLD = "get_user_by_id"
NEW = "fetch_user"
PAT = re.compile(rf"\b{OLD}\b")

EXCLUDE_DIRS = {".venv", "build", "dist", "__pycache__", ".git"}


def iter_py(root):
    for path in Path(root).rglob("*.py"):
        if any(part in EXCLUDE_DIRS for part in path.parts):
            continue
        yield path


def preview(path, new_text):
    old_lines = path.read_text(encoding="utf-8").splitlines()
    new_lines = new_text.splitlines()
    for i, (a, b) in enumerate(zip(old_lines, new_lines), 1):
        if a != b:
            print(f"  {path}:{i}")
            print(f"    - {a.strip()}")
            print(f"    + {b.strip()}")


def check_conflict():
    """Refuse to run if the new name already exists somewhere (would shadow)."""
    clash = re.compile(rf"\bdef {NEW}\b")
    hits = [p for p in iter_py("src") if clash.search(p.read_text(encoding="utf-8"))]
    if hits:
        print(f"{NEW} already defined in:", *hits, sep="\n  ")
        sys.exit(1)


def dry_run():
    n = 0
    for root in ("src", "tests"):
        for p in iter_py(root):
            text = p.read_text(encoding="utf-8")
            new = PAT.sub(NEW, text)
            if new != text:
                preview(p, new)
                n += 1
    print(f"{n} files would change")
    sys.exit(0)


check_conflict()
if "--dry-run" in sys.argv:
    dry_run()

changed = 0
for path in Path("src").rglob("*.py"):
    text = path.read_text(encoding="utf-8")
    new = PAT.sub(NEW, text)
    if new != text:
        path.write_text(new, encoding="utf-8")
        changed += 1
        print("rewrote", path)

for path in Path("tests").rglob("*.py"):
    text = path.read_text(encoding="utf-8")
    new = PAT.sub(NEW, text)
    if new != text:
        path.write_text(new, encoding="utf-8")
        changed += 1
        print("rewrote", path)

print(f"{changed} files changed")
if changed:
    print("next steps:")
    print("  ruff check src tests")
    print("  pytest -q")
    print("  git diff --stat")
sys.exit(0)
