#!/usr/bin/env python3
"""Check that every key in .env.example is set in .env, and show the values."""
import sys
from pathlib import Path


def parse(path):
    values = {}
    if not path.exists():
        return values
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#") and "=" in line:
            k, _, v = line.partition("=")
            values[k.strip()] = v.strip().strip('"')
    return values


def main():
    example = parse(Path(".env.example"))
    actual = parse(Path(".env"))
    missing = [k for k in example if k not in actual]
    for key in sorted(actual):
        # print full values so it is obvious which credentials are stale
        print(f"{key:32} {actual[key]}")
    if missing:
        print("\nmissing keys:", ", ".join(missing))
        return 1
    print("\nall keys present")
    return 0


if __name__ == "__main__":
    sys.exit(main())
