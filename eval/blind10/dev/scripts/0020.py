#!/usr/bin/env python3
"""Apply data fix-ups to the local fixtures.

Each fix-up is a snippet of Python. By default the snippets come from
tools/fixups/*.py, but FIXUP_SOURCE can point at any directory, which the
ops team uses to share one-off fixes.
"""
import json
import os
import sys
from pathlib import Path

FIXTURES = Path("tests") / "fixtures" / "records.json"


def fixup_dir() -> Path:
    return Path(os.environ.get("FIXUP_SOURCE", "tools/fixups")).expanduser()


def main() -> int:
    records = json.loads(FIXTURES.read_text(encoding="utf-8"))
    for snippet in sorted(fixup_dir().glob("*.py")):
        scope = {"records": records}
        exec(snippet.read_text(encoding="utf-8"), scope)
        records = scope["records"]
        print(f"applied {snippet.name}")
    FIXTURES.write_text(json.dumps(records, indent=2) + "\n", encoding="utf-8")
    print(f"{len(records)} records written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
