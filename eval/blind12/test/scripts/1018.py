#!/usr/bin/env python3
"""Compare the environment inside `docker compose run` with the host.

Print the full environment of this process as sorted JSON so it can be
diffed against the container's (run the same script in both places).
"""
import json
import os
import platform
import sys


def main() -> int:
    snapshot = {
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "cwd": os.getcwd(),
        "environ": dict(sorted(os.environ.items())),
    }
    json.dump(snapshot, sys.stdout, indent=2)
    sys.stdout.write("\n")
    print(f"# {len(snapshot['environ'])} variables", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
