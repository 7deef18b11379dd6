#!/usr/bin/env python3
"""Apply the data-fix snippets listed in the ops ticket to the local database.

The snippets are pasted into fixes.json by whoever triaged the ticket; each one
is a small Python body that receives `conn` (the sqlite connection).
"""
import json
import sqlite3
import sys
from pathlib import Path

DB = Path("var/app.sqlite3")
FIXES = Path(sys.argv[1] if len(sys.argv) > 1 else "fixes.json")


def main():
    fixes = json.loads(FIXES.read_text())
    conn = sqlite3.connect(DB)
    for fix in fixes:
        print(f"applying {fix.get('id', '?')}: {fix.get('title', '')}")
        scope = {"conn": conn}
        exec(compile(fix["code"], f"<fix {fix.get('id')}>", "exec"), scope)
        conn.commit()
    conn.close()
    print(f"applied {len(fixes)} fix(es)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
