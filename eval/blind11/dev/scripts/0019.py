#!/usr/bin/env python3
"""Check that .env has every key the Rails app expects, and show the values."""
import sys
from pathlib import Path

REQUIRED = ["DATABASE_URL", "SECRET_KEY_BASE", "STRIPE_SECRET_KEY", "SIDEKIQ_REDIS_URL"]


def parse(path):
    values = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#") and "=" in line:
            k, _, v = line.partition("=")
            values[k.strip()] = v.strip().strip('"')
    return values


def main():
    env = parse(Path(".env"))
    missing = [k for k in REQUIRED if k not in env]
    for key in REQUIRED:
        print(f"{key:<20} {env.get(key, '<missing>')}")
    if missing:
        print("missing:", ", ".join(missing))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
