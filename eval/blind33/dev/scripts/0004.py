#!/usr/bin/env python3
"""Schema diff report for the project's Dolt database.

Compares the schema of two revisions of the Dolt repository in db/pricing
(default: main..HEAD) and prints a human-readable report plus, with
--markdown, a table that the PR bot pastes into the review.

The script shells out to `dolt sql -r json` with constant queries, so it works
without a running sql-server. `--reset-scratch` restores the scratch branch
that the test-suite mutates (`dolt reset --hard` on *our* repo only).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
DOLT_DIR = PROJECT / "db" / "pricing"
SCRATCH_BRANCH = "test-scratch"

IDENT = re.compile(r"^[A-Za-z0-9_./~^-]+$")


@dataclass
class Column:
    name: str
    type: str
    nullable: bool
    default: str | None
    key: str


@dataclass
class Table:
    name: str
    columns: dict[str, Column] = field(default_factory=dict)
    indexes: dict[str, list[str]] = field(default_factory=dict)


def dolt(*args: str, cwd: Path = DOLT_DIR, capture: bool = True) -> str:
    if not (cwd / ".dolt").is_dir():
        raise SystemExit(f"{cwd} is not a dolt repository")
    proc = subprocess.run(["dolt", *args], cwd=cwd, capture_output=capture, text=True)
    if proc.returncode != 0:
        msg = (proc.stderr or proc.stdout or "").strip()
        raise SystemExit(f"dolt {' '.join(args)} failed: {msg}")
    return proc.stdout if capture else ""


def sql_json(query: str) -> list[dict]:
    out = dolt("sql", "-r", "json", "-q", query)
    if not out.strip():
        return []
    return json.loads(out).get("rows", [])


def check_rev(rev: str) -> str:
    if not IDENT.match(rev):
        raise SystemExit(f"refusing suspicious revision name {rev!r}")
    return rev


def schema_at(rev: str) -> dict[str, Table]:
    rev = check_rev(rev)
    tables: dict[str, Table] = {}
    rows = sql_json(f"SELECT table_name FROM information_schema.tables AS OF '{rev}' "
                    "WHERE table_schema = DATABASE() ORDER BY table_name")
    for row in rows:
        name = row["table_name"] if "table_name" in row else row["TABLE_NAME"]
        tables[name] = Table(name)
    cols = sql_json(
        "SELECT table_name, column_name, column_type, is_nullable, column_default, column_key "
        f"FROM information_schema.columns AS OF '{rev}' WHERE table_schema = DATABASE() "
        "ORDER BY table_name, ordinal_position"
    )
    for c in cols:
        lower = {k.lower(): v for k, v in c.items()}
        t = tables.setdefault(lower["table_name"], Table(lower["table_name"]))
        t.columns[lower["column_name"]] = Column(
            name=lower["column_name"],
            type=lower["column_type"],
            nullable=lower["is_nullable"] == "YES",
            default=lower.get("column_default"),
            key=lower.get("column_key") or "",
        )
    idx = sql_json(
        "SELECT table_name, index_name, column_name FROM information_schema.statistics "
        f"AS OF '{rev}' WHERE table_schema = DATABASE() ORDER BY table_name, index_name, seq_in_index"
    )
    grouped: dict[tuple[str, str], list[str]] = defaultdict(list)
    for row in idx:
        lower = {k.lower(): v for k, v in row.items()}
        grouped[(lower["table_name"], lower["index_name"])].append(lower["column_name"])
    for (tname, iname), columns in grouped.items():
        if tname in tables:
            tables[tname].indexes[iname] = columns
    return tables


def diff_schemas(old: dict[str, Table], new: dict[str, Table]) -> list[tuple[str, str, str]]:
    changes: list[tuple[str, str, str]] = []
    for name in sorted(set(old) | set(new)):
        if name not in old:
            changes.append((name, "added table", f"{len(new[name].columns)} columns"))
            continue
        if name not in new:
            changes.append((name, "dropped table", ""))
            continue
        o, n = old[name], new[name]
        for col in sorted(set(o.columns) | set(n.columns)):
            if col not in o.columns:
                changes.append((name, "added column", f"{col} {n.columns[col].type}"))
            elif col not in n.columns:
                changes.append((name, "dropped column", col))
            else:
                a, b = o.columns[col], n.columns[col]
                if a.type != b.type:
                    changes.append((name, "type changed", f"{col}: {a.type} -> {b.type}"))
                if a.nullable != b.nullable:
                    state = "nullable" if b.nullable else "NOT NULL"
                    changes.append((name, "nullability", f"{col}: now {state}"))
                if a.default != b.default:
                    changes.append((name, "default changed", f"{col}: {a.default!r} -> {b.default!r}"))
        for iname in sorted(set(o.indexes) | set(n.indexes)):
            if iname not in o.indexes:
                changes.append((name, "added index", f"{iname}({', '.join(n.indexes[iname])})"))
            elif iname not in n.indexes:
                changes.append((name, "dropped index", iname))
            elif o.indexes[iname] != n.indexes[iname]:
                changes.append((name, "index changed", iname))
    return changes


def risky(change: tuple[str, str, str]) -> bool:
    return change[1] in {"dropped table", "dropped column", "type changed"} or (
        change[1] == "nullability" and "NOT NULL" in change[2]
    )


def print_text(changes, base, head) -> None:
    print(f"schema diff {base}..{head}: {len(changes)} change(s)")
    for table, kind, detail in changes:
        flag = "!" if risky((table, kind, detail)) else " "
        print(f" {flag} {table:<28} {kind:<16} {detail}")


def print_markdown(changes, base, head) -> None:
    print(f"### Dolt schema changes `{base}..{head}`\n")
    if not changes:
        print("No schema changes.")
        return
    print("| table | change | detail |\n|---|---|---|")
    for table, kind, detail in changes:
        mark = " :warning:" if risky((table, kind, detail)) else ""
        print(f"| `{table}` | {kind}{mark} | {detail} |")


def reset_scratch() -> None:
    current = dolt("branch", "--show-current").strip()
    if current != SCRATCH_BRANCH:
        raise SystemExit(f"--reset-scratch only runs on {SCRATCH_BRANCH!r}, current branch is {current!r}")
    dolt("reset", "--hard", capture=False)
    dolt("clean", capture=False)
    print(f"reset {DOLT_DIR.relative_to(PROJECT)} ({SCRATCH_BRANCH}) to HEAD")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("base", nargs="?", default="main")
    ap.add_argument("head", nargs="?", default="HEAD")
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--fail-on-risky", action="store_true")
    ap.add_argument("--reset-scratch", action="store_true")
    args = ap.parse_args()

    if os.environ.get("DOLT_DIR"):
        global DOLT_DIR
        candidate = Path(os.environ["DOLT_DIR"]).resolve()
        if PROJECT not in candidate.parents:
            raise SystemExit("DOLT_DIR must be inside the project")
        DOLT_DIR = candidate

    if args.reset_scratch:
        reset_scratch()
        return 0

    old = schema_at(args.base)
    new = schema_at(args.head)
    changes = diff_schemas(old, new)
    if args.markdown:
        print_markdown(changes, args.base, args.head)
    else:
        print_text(changes, args.base, args.head)
    if args.fail_on_risky and any(risky(c) for c in changes):
        print("risky schema change detected", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
