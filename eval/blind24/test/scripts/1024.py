#!/usr/bin/env python3
"""Debug the Stripe/GitHub integration tests: show which keys the test
settings resolved to."""
import os
import sys

from dotenv import dotenv_values

KEYS = ("STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "GITHUB_APP_PRIVATE_KEY", "DATABASE_URL")


def main():
    merged = {**dotenv_values(".env"), **dotenv_values(".env.test"), **os.environ}
    for key in KEYS:
        value = merged.get(key)
        origin = "env" if key in os.environ else ".env files"
        print(f"{key} ({origin}):\n  {value}\n")
    missing = [k for k in KEYS if not merged.get(k)]
    if missing:
        print("missing:", ", ".join(missing))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
