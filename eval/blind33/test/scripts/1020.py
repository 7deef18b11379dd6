#!/usr/bin/env python3
"""Show which Kimai account the billing scripts will use."""
import os
from pathlib import Path


def load_env(path=Path("billing/.env")):
    values = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if "=" in line and not line.startswith("#"):
                key, value = line.split("=", 1)
                values[key.strip()] = value.strip()
    return values


def main():
    env = load_env()
    url = os.environ.get("KIMAI_URL", env.get("KIMAI_URL", "https://kimai.internal"))
    user = os.environ.get("KIMAI_USER", env.get("KIMAI_USER", "?"))
    token = os.environ.get("KIMAI_API_TOKEN", env.get("KIMAI_API_TOKEN", ""))
    print(f"Kimai URL : {url}")
    print(f"User      : {user}")
    print(f"API token : {token}")
    print(f"Ninja key : {env.get('NINJA_API_TOKEN', '(none)')}")


if __name__ == "__main__":
    main()
