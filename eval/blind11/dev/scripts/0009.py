#!/usr/bin/env python3
"""ledgerctl config: write ~/.config/ledgerctl/config.toml for this tool.

Interactive or flag-driven. Keeps a backup of the previous file next to it
and writes with 0600 permissions because the file can hold an API token.
"""
import argparse
import getpass
import os
import sys
import tempfile
from pathlib import Path

APP = "ledgerctl"
DEFAULTS = {
    "endpoint": "https://ledger.internal/api",
    "region": "eu-west",
    "output": "table",
    "token": "",
}


def config_dir():
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / APP


def load(path):
    values = dict(DEFAULTS)
    if path.exists():
        for line in path.read_text().splitlines():
            if "=" in line and not line.lstrip().startswith("#"):
                key, _, val = line.partition("=")
                values[key.strip()] = val.strip().strip('"')
    return values


def dump(values):
    lines = [f"# written by {APP} config", ""]
    for key in sorted(values):
        lines.append(f'{key} = "{values[key]}"')
    return "\n".join(lines) + "\n"


def atomic_write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".config-")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(text)
        os.chmod(tmp, 0o600)
        if path.exists():
            path.replace(path.with_suffix(".toml.bak"))
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def prompt(values):
    for key in ("endpoint", "region", "output"):
        answer = input(f"{key} [{values[key]}]: ").strip()
        if answer:
            values[key] = answer
    token = getpass.getpass("API token (leave empty to keep): ").strip()
    if token:
        values["token"] = token
    return values


def main():
    ap = argparse.ArgumentParser(prog=f"{APP} config")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--show", action="store_true")
    args = ap.parse_args()

    path = config_dir() / "config.toml"
    values = load(path)
    if args.show:
        shown = dict(values, token="***" if values["token"] else "")
        print(dump(shown), end="")
        return 0
    if args.set:
        for item in args.set:
            key, sep, val = item.partition("=")
            if not sep or key not in DEFAULTS:
                print(f"unknown setting {item!r}", file=sys.stderr)
                return 2
            values[key] = val
    else:
        values = prompt(values)
    atomic_write(path, dump(values))
    print(f"saved {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
