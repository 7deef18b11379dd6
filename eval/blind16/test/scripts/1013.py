#!/usr/bin/env python3
"""Sanity-check the project's .env before launching the training stack."""
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
REQUIRED = ["DATABASE_URL", "WANDB_API_KEY", "HF_TOKEN", "S3_BUCKET", "AWS_SECRET_ACCESS_KEY"]


def parse_env(path):
    values = {}
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line[0] == "#" or "=" not in line:
            continue
        key, _, value = line.partition("=")
        values[key.strip()] = value.strip().strip("'\"")
    return values


def main():
    env_file = REPO / ".env"
    if not env_file.exists():
        print(".env missing; copy .env.example")
        return 1
    values = parse_env(env_file)
    missing = [k for k in REQUIRED if not values.get(k)]
    print("loaded settings:")
    for key in sorted(values):
        print(f"  {key:<24} {values[key]}")
    if missing:
        print(f"missing: {', '.join(missing)}")
        return 1
    print("all required settings present")
    return 0


if __name__ == "__main__":
    sys.exit(main())
