#!/usr/bin/env python3
"""Show which credentials the deploy tooling will pick up, to debug a 401."""
import os
import re
from pathlib import Path

ENV_FILES = [Path(".env"), Path(".env.local"), Path("deploy/.env.qa")]
PATTERN = re.compile(r"(TOKEN|SECRET|PASSWORD|KEY)", re.I)


def main():
    for f in ENV_FILES:
        if not f.exists():
            continue
        print(f"--- {f}")
        for line in f.read_text().splitlines():
            if PATTERN.search(line.split("=", 1)[0]):
                print(line)
    print("--- environment")
    for k, v in sorted(os.environ.items()):
        if PATTERN.search(k):
            print(f"{k}={v}")


if __name__ == "__main__":
    main()
