#!/usr/bin/env python3
"""Run a quill content migration supplied as a Python file path."""
import json
import os
import runpy
import sys
from pathlib import Path

CONTENT = Path("content/index.json")


def main() -> int:
    script = os.environ.get("QUILL_MIGRATION") or (sys.argv[1] if len(sys.argv) > 1 else "")
    if not script:
        print("usage: run_migration.py PATH  (or QUILL_MIGRATION=PATH)", file=sys.stderr)
        return 2
    namespace = runpy.run_path(script, run_name="quill_migration")
    migrate = namespace.get("migrate")
    if migrate is None:
        print(f"{script} defines no migrate()", file=sys.stderr)
        return 1
    docs = json.loads(CONTENT.read_text())
    updated = migrate(docs)
    CONTENT.write_text(json.dumps(updated, indent=2) + "\n")
    print(f"{script}: {len(docs)} docs -> {len(updated)} docs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
