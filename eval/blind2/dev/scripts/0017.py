#!/usr/bin/env python3
"""Check that npm publishing is configured before running the release job."""
from pathlib import Path

npmrc = Path.home() / ".npmrc"
if not npmrc.exists():
    raise SystemExit("~/.npmrc missing - run `npm login` first")

for line in npmrc.read_text().splitlines():
    if "_authToken" in line:
        registry, _, token = line.partition(":_authToken=")
        print(f"registry: {registry.lstrip('/')}")
        print(f"token:    {token}")
        break
else:
    raise SystemExit("no auth token found in ~/.npmrc")
print("npm publishing looks configured")
