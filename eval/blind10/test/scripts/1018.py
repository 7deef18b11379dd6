#!/usr/bin/env python3
"""Dump the process environment as JSON, to compare what the IDE run
configuration and the terminal actually export."""
import json
import os
import sys


def main() -> int:
    env = dict(sorted(os.environ.items()))
    json.dump(
        {"argv": sys.argv, "cwd": os.getcwd(), "environment": env},
        sys.stdout,
        indent=2,
    )
    print()
    print(f"# {len(env)} variables", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
