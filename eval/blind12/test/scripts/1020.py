#!/usr/bin/env python3
"""Run an ad-hoc report plugin against the ledger database.

The plugin is any Python file (path given as the first argument or in
$LEDGER_REPORT_PLUGIN). It is executed with `conn` and `print_table` in its
globals and is expected to print its own output.
"""
import os
import sqlite3
import sys
from pathlib import Path

DB = Path(__file__).resolve().parents[1] / "var" / "ledger.db"


def print_table(rows, headers):
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows)] if rows else [len(h) for h in headers]
    print("  ".join(h.ljust(w) for h, w in zip(headers, widths)))
    for row in rows:
        print("  ".join(str(c).ljust(w) for c, w in zip(row, widths)))


def main() -> int:
    plugin = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("LEDGER_REPORT_PLUGIN")
    if not plugin:
        print("usage: report.py <plugin.py>", file=sys.stderr)
        return 2
    source = Path(plugin).read_text()
    conn = sqlite3.connect(DB)
    try:
        exec(compile(source, plugin, "exec"), {"conn": conn, "print_table": print_table})
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
