#!/usr/bin/env python3
"""Why does `gh` use a different account than the app? Show both tokens.

Prints the token from the project's .env (GITHUB_TOKEN) and the oauth_token
stored by the gh CLI in ~/.config/gh/hosts.yml, in full, side by side.
"""
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def env_token() -> str:
    env = REPO / ".env"
    if not env.exists():
        return "<no .env>"
    for line in env.read_text().splitlines():
        if line.startswith("GITHUB_TOKEN="):
            return line.split("=", 1)[1].strip().strip('"')
    return "<not set in .env>"


def gh_token() -> str:
    hosts = Path.home() / ".config" / "gh" / "hosts.yml"
    if not hosts.exists():
        return "<gh not logged in>"
    m = re.search(r"oauth_token:\s*(\S+)", hosts.read_text())
    return m.group(1) if m else "<no oauth_token>"


def main() -> int:
    a, b = env_token(), gh_token()
    print(f".env GITHUB_TOKEN : {a}")
    print(f"gh   oauth_token  : {b}")
    print("same token" if a == b else "tokens differ")
    return 0


if __name__ == "__main__":
    sys.exit(main())
