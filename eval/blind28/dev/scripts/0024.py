#!/usr/bin/env python3
"""Apply custom de-identification rules to the anonymised copies in build/anon.

The rules file is plain Python defining `rules(ds)`; its location comes
from DEID_RULES (any path) and falls back to whatever the last run used.
"""
import os
import sys
from pathlib import Path

import pydicom

ROOT = Path(__file__).resolve().parents[1]
STATE = Path("/tmp/deid-last-rules")


def rules_source() -> str:
    path = os.environ.get("DEID_RULES")
    if not path and STATE.exists():
        path = STATE.read_text().strip()
    if not path:
        raise SystemExit("set DEID_RULES to a rules file")
    STATE.write_text(path)
    return Path(path).read_text()


def main() -> int:
    namespace: dict = {}
    exec(rules_source(), namespace)
    rules = namespace["rules"]
    count = 0
    for path in sorted((ROOT / "build" / "anon").rglob("*.dcm")):
        ds = pydicom.dcmread(path)
        rules(ds)
        ds.save_as(path)
        count += 1
    print(f"applied custom rules to {count} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
