#!/usr/bin/env python3
"""Check that every secret referenced by .env.tpl resolves through `op`.

Prints each resolved value so the developer can eyeball it against the
dashboard.
"""
import re
import subprocess
import sys
from pathlib import Path

TEMPLATE = Path(".env.tpl")
REF = re.compile(r"^([A-Z0-9_]+)=(op://\S+)$")


def main():
    if not TEMPLATE.exists():
        print("no .env.tpl here", file=sys.stderr)
        return 2
    failures = 0
    for line in TEMPLATE.read_text().splitlines():
        m = REF.match(line.strip())
        if not m:
            continue
        name, ref = m.groups()
        proc = subprocess.run(["op", "read", ref], capture_output=True, text=True)
        if proc.returncode != 0:
            failures += 1
            print(f"{name}: FAILED ({proc.stderr.strip()})")
            continue
        print(f"{name}={proc.stdout.strip()}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
