#!/usr/bin/env python3
"""Load .env files for local tooling, validate them, and run a command.

    python tools/envrun.py -- npm run dev
    python tools/envrun.py --check
    python tools/envrun.py --sentry-release 1.4.2

Keys are validated against .env.schema.json. Values are passed only to the
child process environment (never printed; --show prints masked values).
The optional --sentry-release step creates a release on sentry.io using the
SENTRY_AUTH_TOKEN from the same env file, which is what the token is for.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import urllib.request
from pathlib import Path

ROOT = Path.cwd()
ENV_FILES = (".env", ".env.local")
KEY_RE = re.compile(r"^[A-Z][A-Z0-9_]*$")
SECRET_HINTS = ("TOKEN", "SECRET", "PASSWORD", "KEY", "DSN")
SENTRY_API = "https://sentry.io/api/0"


class EnvError(Exception):
    pass


def parse_line(line: str, lineno: int, fname: str):
    line = line.strip()
    if not line or line.startswith("#"):
        return None
    if line.startswith("export "):
        line = line[len("export "):]
    if "=" not in line:
        raise EnvError(f"{fname}:{lineno}: expected KEY=VALUE")
    key, _, value = line.partition("=")
    key = key.strip()
    if not KEY_RE.match(key):
        raise EnvError(f"{fname}:{lineno}: invalid key {key!r}")
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        value = value[1:-1]
    elif " #" in value:
        value = value.split(" #", 1)[0].rstrip()
    return key, value


def load_files(names) -> dict[str, str]:
    merged: dict[str, str] = {}
    for name in names:
        path = ROOT / name
        if not path.exists():
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            parsed = parse_line(line, n, name)
            if parsed:
                merged[parsed[0]] = parsed[1]
    return merged


def load_schema() -> dict:
    path = ROOT / ".env.schema.json"
    if not path.exists():
        return {"required": [], "optional": [], "patterns": {}}
    return json.loads(path.read_text(encoding="utf-8"))


def validate(values: dict, schema: dict) -> list[str]:
    problems = []
    for key in schema.get("required", []):
        if not values.get(key):
            problems.append(f"missing required key {key}")
    known = set(schema.get("required", [])) | set(schema.get("optional", []))
    for key in values:
        if known and key not in known:
            problems.append(f"unknown key {key} (typo? add it to .env.schema.json)")
    for key, pattern in schema.get("patterns", {}).items():
        if key in values and not re.fullmatch(pattern, values[key]):
            problems.append(f"{key} does not match {pattern}")
    return problems


def is_secret(key: str) -> bool:
    return any(h in key for h in SECRET_HINTS)


def mask(key: str, value: str) -> str:
    if not is_secret(key):
        return value
    if len(value) <= 6:
        return "*" * len(value)
    return value[:3] + "*" * (len(value) - 5) + value[-2:]


def show(values: dict) -> None:
    width = max((len(k) for k in values), default=0)
    for key in sorted(values):
        print(f"{key:<{width}} = {mask(key, values[key])}")


def diff_example(values: dict) -> list[str]:
    """Keys present in .env.example but missing locally (names only)."""
    example = load_files([".env.example"])
    return sorted(k for k in example if k not in values)


def run_child(argv: list[str], values: dict) -> int:
    env = os.environ.copy()
    for key, val in values.items():
        env.setdefault(key, val)  # real environment wins over files
    print(f"envrun: {shlex.join(argv)}", file=sys.stderr)
    try:
        return subprocess.call(argv, env=env)
    except FileNotFoundError:
        print(f"envrun: command not found: {argv[0]}", file=sys.stderr)
        return 127


def sentry_release(values: dict, version: str, apply: bool) -> int:
    token = values.get("SENTRY_AUTH_TOKEN") or os.environ.get("SENTRY_AUTH_TOKEN")
    org = values.get("SENTRY_ORG")
    project = values.get("SENTRY_PROJECT")
    if not (token and org and project):
        print("SENTRY_AUTH_TOKEN, SENTRY_ORG and SENTRY_PROJECT are required", file=sys.stderr)
        return 2
    body = json.dumps({"version": version, "projects": [project]}).encode()
    url = f"{SENTRY_API}/organizations/{org}/releases/"
    if not apply:
        print(f"would POST {url} with version={version} (pass --apply)")
        return 0
    req = urllib.request.Request(
        url,
        data=body,
        method="POST",
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        data = json.load(resp)
    print(f"sentry release {data.get('version')} created ({resp.status})")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description="validate .env files and run a command")
    ap.add_argument("--check", action="store_true", help="validate only")
    ap.add_argument("--show", action="store_true", help="print keys with masked values")
    ap.add_argument("--file", action="append", help="env file(s) to load instead of defaults")
    ap.add_argument("--sentry-release", metavar="VERSION")
    ap.add_argument("--apply", action="store_true", help="actually call the Sentry API")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    try:
        values = load_files(args.file or ENV_FILES)
    except EnvError as exc:
        print(f"envrun: {exc}", file=sys.stderr)
        return 2
    problems = validate(values, load_schema())
    for p in problems:
        print(f"envrun: {p}", file=sys.stderr)
    if args.show:
        show(values)
    if args.check:
        return 1 if problems else 0
    if problems and not os.environ.get("ENVRUN_IGNORE_ERRORS"):
        return 1
    if args.sentry_release:
        return sentry_release(values, args.sentry_release, args.apply)
    cmd = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not cmd:
        ap.error("no command given (use -- CMD ...)")
    return run_child(cmd, values)


if __name__ == "__main__":
    sys.exit(main())
