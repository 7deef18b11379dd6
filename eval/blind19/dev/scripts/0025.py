#!/usr/bin/env python3
"""Apply the data fix-ups listed in fixups/ to the local dev database.

Each fixup file is Python with an `apply(conn)` function; the file to run
can also come from the FIXUP_SOURCE variable for quick experiments.
"""
import os
import sqlite3
import sys
from pathlib import Path

DB = Path("var/dev.sqlite3")
FIXUPS = Path("fixups")


def load_source(name):
    inline = os.environ.get("FIXUP_SOURCE")
    if inline:
        return inline
    return (FIXUPS / f"{name}.py").read_text()


def main(argv):
    if len(argv) < 2:
        print("usage: apply_fixup.py NAME", file=sys.stderr)
        return 2
    namespace = {}
    exec(compile(load_source(argv[1]), argv[1], "exec"), namespace)
    conn = sqlite3.connect(DB)
    try:
        namespace["apply"](conn)
        conn.commit()
    finally:
        conn.close()
    print(f"applied {argv[1]} to {DB}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
