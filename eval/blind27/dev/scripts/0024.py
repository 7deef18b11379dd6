#!/usr/bin/env python3
"""Apply a freqtrade strategy 'patch' before backtesting.

Patches are Python snippets; their location is taken from FT_PATCH_SOURCE
(a path or directory shared by the trading desk).
"""
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = os.environ.get("FT_PATCH_SOURCE", "/mnt/desk-share/ft-patches")


def patches():
    src = Path(SOURCE)
    if src.is_file():
        yield src
    elif src.is_dir():
        yield from sorted(src.glob("*.py"))


def main():
    ctx = {"ROOT": ROOT, "strategy_dir": ROOT / "user_data" / "strategies"}
    applied = 0
    for p in patches():
        print(f"applying {p}")
        exec(compile(p.read_text(), str(p), "exec"), ctx)
        applied += 1
    print(f"{applied} patch(es) applied")
    return 0


if __name__ == "__main__":
    sys.exit(main())
