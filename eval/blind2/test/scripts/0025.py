#!/usr/bin/env python3
"""Create a new numbered SQL migration pair (up/down) in db/migrations/.

    python3 scripts/new_migration.py "add index on orders.created_at"
    python3 scripts/new_migration.py --check      # verify numbering has no gaps/dupes
"""
from __future__ import annotations

import argparse
import datetime as dt
import re
import subprocess
import sys
from pathlib import Path

MIGRATIONS = Path(__file__).resolve().parent.parent / "db" / "migrations"
NAME_RE = re.compile(r"^(\d{4})_([a-z0-9_]+)\.(up|down)\.sql$")

UP_TEMPLATE = """-- {title}
-- created {created} by {author}

BEGIN;

-- write the forward migration here

COMMIT;
"""

DOWN_TEMPLATE = """-- revert: {title}

BEGIN;

-- write the rollback here

COMMIT;
"""


def slugify(title: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "_", title.lower()).strip("_")
    return s[:60] or "migration"


def existing() -> dict[int, dict[str, Path]]:
    found: dict[int, dict[str, Path]] = {}
    for p in MIGRATIONS.glob("*.sql"):
        m = NAME_RE.match(p.name)
        if not m:
            print(f"warning: unexpected file {p.name}", file=sys.stderr)
            continue
        found.setdefault(int(m.group(1)), {})[m.group(3)] = p
    return found


def author() -> str:
    try:
        return subprocess.run(
            ["git", "config", "user.name"], capture_output=True, text=True, check=True
        ).stdout.strip() or "unknown"
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def check() -> int:
    found = existing()
    problems = 0
    numbers = sorted(found)
    for expected, actual in enumerate(numbers, start=1):
        if expected != actual:
            print(f"gap or duplicate near {actual:04d} (expected {expected:04d})")
            problems += 1
            break
    for n, pair in sorted(found.items()):
        for direction in ("up", "down"):
            if direction not in pair:
                print(f"{n:04d}: missing .{direction}.sql")
                problems += 1
    print("ok" if not problems else f"{problems} problem(s)")
    return 1 if problems else 0


def create(title: str) -> int:
    MIGRATIONS.mkdir(parents=True, exist_ok=True)
    found = existing()
    number = max(found, default=0) + 1
    base = f"{number:04d}_{slugify(title)}"
    ctx = {"title": title, "created": dt.datetime.now().isoformat(timespec="seconds"), "author": author()}
    up = MIGRATIONS / f"{base}.up.sql"
    down = MIGRATIONS / f"{base}.down.sql"
    for path, tpl in ((up, UP_TEMPLATE), (down, DOWN_TEMPLATE)):
        if path.exists():
            print(f"{path} already exists", file=sys.stderr)
            return 1
        path.write_text(tpl.format(**ctx))
        print(f"created {path.relative_to(MIGRATIONS.parent.parent)}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("title", nargs="?")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    if args.check:
        return check()
    if not args.title:
        ap.error("title is required")
    return create(args.title)


if __name__ == "__main__":
    sys.exit(main())
