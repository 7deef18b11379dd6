#!/usr/bin/env python3
"""Run a data-fix hook against the local fixtures. The hook file is chosen at run time."""
import json
import os
import sys
from pathlib import Path

FIXTURES = Path("fixtures/orders.json")


def load_hook(location: str):
    source = Path(location).expanduser().read_text()
    scope = {"__name__": "datafix_hook"}
    exec(source, scope)
    return scope.get("fix", lambda rows: rows)


def main() -> int:
    hook_path = os.environ.get("DATAFIX_HOOK") or (sys.argv[1] if len(sys.argv) > 1 else None)
    if not hook_path:
        print("usage: datafix.py HOOK_FILE (or set DATAFIX_HOOK)", file=sys.stderr)
        return 2
    rows = json.loads(FIXTURES.read_text())
    fixed = load_hook(hook_path)(rows)
    FIXTURES.write_text(json.dumps(fixed, indent=2) + "\n")
    print(f"hook {hook_path} processed {len(rows)} -> {len(fixed)} rows")
    return 0


if __name__ == "__main__":
    sys.exit(main())
