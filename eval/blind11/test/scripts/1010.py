#!/usr/bin/env python3
"""SQL snapshot tests: run queries in tests/sql/*.sql against a throwaway
SQLite database seeded from tests/seed.sql, compare with *.expected files.

Each test file gets its own temporary database file, deleted afterwards.
"""
import argparse
import contextlib
import sqlite3
import sys
import tempfile
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1] / "tests"
SEED = TESTS / "seed.sql"


@contextlib.contextmanager
def scratch_db():
    with tempfile.TemporaryDirectory(prefix="sqlsnap-") as tmp:
        path = Path(tmp) / "t.sqlite3"
        con = sqlite3.connect(path)
        try:
            con.executescript(SEED.read_text())
            yield con
        finally:
            con.close()


def render(cursor) -> str:
    cols = [d[0] for d in cursor.description or []]
    rows = cursor.fetchall()
    out = ["\t".join(cols)]
    out += ["\t".join("NULL" if v is None else str(v) for v in row) for row in rows]
    return "\n".join(out) + "\n"


def run_case(sql_file: Path) -> str:
    with scratch_db() as con:
        statements = [s.strip() for s in sql_file.read_text().split(";") if s.strip()]
        result = ""
        for stmt in statements:
            cur = con.execute(stmt)
            if cur.description:
                result = render(cur)
        return result


def compare(expected: str, actual: str) -> list:
    problems = []
    e_lines, a_lines = expected.splitlines(), actual.splitlines()
    for i in range(max(len(e_lines), len(a_lines))):
        e = e_lines[i] if i < len(e_lines) else "<missing>"
        a = a_lines[i] if i < len(a_lines) else "<missing>"
        if e != a:
            problems.append(f"    row {i}: expected {e!r}, got {a!r}")
    return problems


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("pattern", nargs="?", default="*")
    ap.add_argument("--accept", action="store_true", help="write .expected files")
    args = ap.parse_args()
    failures = 0
    cases = sorted((TESTS / "sql").glob(f"{args.pattern}.sql"))
    for case in cases:
        expected_file = case.with_suffix(".expected")
        try:
            actual = run_case(case)
        except sqlite3.Error as exc:
            print(f"ERROR {case.name}: {exc}")
            failures += 1
            continue
        if args.accept:
            expected_file.write_text(actual)
            print(f"accepted {case.name}")
            continue
        if not expected_file.exists():
            print(f"NEW   {case.name} (run with --accept)")
            failures += 1
            continue
        problems = compare(expected_file.read_text(), actual)
        print(f"{'PASS' if not problems else 'FAIL'}  {case.name}")
        for p in problems[:10]:
            print(p)
        failures += bool(problems)
    print(f"{len(cases) - failures}/{len(cases)} passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
