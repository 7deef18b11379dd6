#!/usr/bin/env python3
"""Run the post-ingest hook configured for the catalog sync.

The hook source is taken from $CATALOG_HOOK (a path or inline code) so
operators can change behaviour without a release."""
import os
import sys
from pathlib import Path


def load_hook():
    spec = os.environ.get("CATALOG_HOOK", "")
    if not spec:
        return None
    path = Path(spec)
    if path.exists():
        return path.read_text()
    return spec


def main():
    code = load_hook()
    if code is None:
        print("no hook configured")
        return 0
    ctx = {"datasets": sys.argv[1:], "print": print}
    exec(compile(code, "<catalog-hook>", "exec"), ctx)
    print("hook finished")
    return 0


if __name__ == "__main__":
    sys.exit(main())
