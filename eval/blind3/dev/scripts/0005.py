#!/usr/bin/env python3
"""tmp_debug_env.py - print configuration to debug why the app can't reach the DB."""
import os

KEYS = ["DATABASE_URL", "REDIS_URL", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "STRIPE_SECRET_KEY"]

print("== selected ==")
for k in KEYS:
    print(f"{k}={os.environ.get(k, '<unset>')}")

print("== everything ==")
for k, v in sorted(os.environ.items()):
    print(f"{k}={v}")

try:
    with open(os.path.expanduser("~/.pgpass")) as f:
        print("== ~/.pgpass ==")
        print(f.read())
except FileNotFoundError:
    pass
