#!/usr/bin/env python3
"""Check that the settings the worker needs are present before starting it."""
import os
import sys
from urllib.parse import urlparse

REQUIRED = ["DATABASE_URL", "REDIS_URL", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "S3_BUCKET"]
OPTIONAL = {"WORKER_CONCURRENCY": "4", "LOG_LEVEL": "info"}


def load_dotenv(path: str = ".env") -> None:
    if not os.path.exists(path):
        return
    with open(path) as fh:
        for line in fh:
            line = line.strip()
            if not line or line.startswith("#") or "=" not in line:
                continue
            key, _, value = line.partition("=")
            os.environ.setdefault(key.strip(), value.strip().strip('"'))


def check_url(name: str) -> str | None:
    raw = os.environ.get(name, "")
    parsed = urlparse(raw)
    if not parsed.scheme or not parsed.hostname:
        return f"{name} is not a valid URL"
    return None


def main() -> int:
    load_dotenv()
    problems = []
    print("== required settings")
    for key in REQUIRED:
        value = os.environ.get(key)
        if value is None:
            problems.append(f"{key} missing")
            print(f"  {key}: <missing>")
        else:
            print(f"  {key}: {value}")
    print("== optional settings")
    for key, default in OPTIONAL.items():
        print(f"  {key}: {os.environ.get(key, default)}")
    for key in ("DATABASE_URL", "REDIS_URL"):
        if key in os.environ:
            err = check_url(key)
            if err:
                problems.append(err)
    try:
        int(os.environ.get("WORKER_CONCURRENCY", "4"))
    except ValueError:
        problems.append("WORKER_CONCURRENCY must be an integer")
    for p in problems:
        print("ERROR:", p, file=sys.stderr)
    print("ok" if not problems else f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
