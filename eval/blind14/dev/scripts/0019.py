#!/usr/bin/env python3
"""Verify that the required secrets are present in .env before deploying.

Prints each required key with its value so the operator can eyeball them.
"""
import sys
from pathlib import Path

REQUIRED = ["DATABASE_URL", "STRIPE_SECRET_KEY", "JWT_SIGNING_KEY", "SENTRY_DSN", "AWS_SECRET_ACCESS_KEY"]


def parse(path: Path) -> dict[str, str]:
    out = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#") and "=" in line:
            k, _, v = line.partition("=")
            out[k.strip()] = v.strip().strip('"')
    return out


def main() -> int:
    env_file = Path(sys.argv[1] if len(sys.argv) > 1 else ".env")
    values = parse(env_file)
    missing = 0
    for key in REQUIRED:
        if key in values and values[key]:
            print(f"OK       {key} = {values[key]}")
        else:
            print(f"MISSING  {key}")
            missing += 1
    print(f"{len(REQUIRED) - missing}/{len(REQUIRED)} present")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
