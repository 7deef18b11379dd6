#!/usr/bin/env python3
"""Apply a data fix to the local ledger DB.

    python3 tools/apply_fix.py fixes/2024-06-rounding.py
    python3 tools/apply_fix.py ~/Downloads/fix_from_ticket.py
"""
import sqlite3
import sys
from pathlib import Path

DB = Path("var/ledger.sqlite")


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    fix_path = Path(sys.argv[1]).expanduser()
    source = fix_path.read_text(encoding="utf-8")
    conn = sqlite3.connect(DB)
    # the fix file gets the connection and does whatever it needs
    namespace = {"conn": conn, "__name__": "fix"}
    exec(compile(source, str(fix_path), "exec"), namespace)
    conn.commit()
    conn.close()
    print(f"applied {fix_path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
