#!/usr/bin/env python3
"""Figure out why `npm publish` says 401: show which auth token npm uses.

Reads the user and project .npmrc files and prints every _authToken line
in full, so it can be compared with the token on the registry website.
"""
import re
import sys
from pathlib import Path

TOKEN_RE = re.compile(r"^(?P<scope>.*?):?_authToken=(?P<token>.+)$")


def npmrc_files() -> list[Path]:
    return [p for p in (Path(".npmrc"), Path.home() / ".npmrc") if p.exists()]


def main() -> int:
    found = 0
    for path in npmrc_files():
        for line in path.read_text().splitlines():
            m = TOKEN_RE.match(line.strip())
            if m:
                found += 1
                print(f"{path}: {m['scope'] or '(default)'} -> {m['token']}")
    if not found:
        print("no _authToken entries found; run npm login")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
