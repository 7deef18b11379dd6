#!/usr/bin/env python3
"""Run a local command with secrets pulled from 1Password (op) or Vault.

The secrets file (.secrets.toml, committed, no values) maps env names to
references:

    [env]
    STRIPE_API_KEY = "op://Dev/stripe-test/credential"
    DATABASE_URL = "vault:secret/data/dev/ledger#url"

Values are resolved at run time and handed to the child process only. They
are never written to disk or printed; `--check` shows which names resolve.

    python tools/with_secrets.py -- npm run dev
    python tools/with_secrets.py --check
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SECRETS_FILE = ROOT / ".secrets.toml"
VAULT_ADDR_DEFAULT = "https://vault.internal:8200"
REDACT_MIN = 4


class ResolveError(Exception):
    pass


def load_mapping(path: Path) -> dict[str, str]:
    if not path.exists():
        raise SystemExit(f"{path.name} not found; copy .secrets.example.toml")
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    env = data.get("env", {})
    if not isinstance(env, dict):
        raise SystemExit("[env] must be a table")
    return {str(k): str(v) for k, v in env.items()}


def op_read(ref: str) -> str:
    if shutil.which("op") is None:
        raise ResolveError("the 1Password CLI (op) is not installed")
    proc = subprocess.run(["op", "read", "--no-newline", ref], capture_output=True, text=True)
    if proc.returncode != 0:
        raise ResolveError(proc.stderr.strip() or f"op read failed for {ref}")
    return proc.stdout


def vault_read(ref: str) -> str:
    # vault:secret/data/dev/ledger#url
    path, _, field = ref[len("vault:"):].partition("#")
    if not field:
        raise ResolveError(f"{ref}: missing #field")
    if shutil.which("vault") is None:
        raise ResolveError("the vault CLI is not installed")
    env = dict(os.environ)
    env.setdefault("VAULT_ADDR", VAULT_ADDR_DEFAULT)
    proc = subprocess.run(
        ["vault", "kv", "get", "-format=json", path.replace("/data/", "/", 1)],
        capture_output=True,
        text=True,
        env=env,
    )
    if proc.returncode != 0:
        raise ResolveError(proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else "vault failed")
    payload = json.loads(proc.stdout)
    data = payload.get("data", {}).get("data", {})
    if field not in data:
        raise ResolveError(f"{path} has no field {field!r}")
    return str(data[field])


def literal(ref: str) -> str:
    return ref[len("literal:"):]


RESOLVERS = {
    "op://": op_read,
    "vault:": vault_read,
    "literal:": literal,
}


def resolve(ref: str) -> str:
    for prefix, fn in RESOLVERS.items():
        if ref.startswith(prefix):
            return fn(ref)
    raise ResolveError(f"unknown reference scheme in {ref!r}")


def mask(value: str) -> str:
    if len(value) <= REDACT_MIN:
        return "*" * len(value)
    return value[:2] + "*" * (len(value) - 4) + value[-2:]


def resolve_all(mapping: dict[str, str], only: list[str] | None) -> tuple[dict[str, str], dict[str, str]]:
    values: dict[str, str] = {}
    errors: dict[str, str] = {}
    for name, ref in mapping.items():
        if only and name not in only:
            continue
        if name in os.environ and not os.environ.get("WITH_SECRETS_OVERRIDE"):
            values[name] = os.environ[name]
            continue
        try:
            values[name] = resolve(ref)
        except ResolveError as exc:
            errors[name] = str(exc)
    return values, errors


def check(mapping: dict[str, str]) -> int:
    values, errors = resolve_all(mapping, None)
    width = max((len(n) for n in mapping), default=10)
    for name in sorted(mapping):
        if name in values:
            print(f"{name:<{width}}  ok    ({len(values[name])} chars, {mask(values[name])[:2]}...)")
        else:
            print(f"{name:<{width}}  FAIL  {errors.get(name)}")
    return 1 if errors else 0


def child_env(values: dict[str, str]) -> dict[str, str]:
    env = dict(os.environ)
    env.update(values)
    # the child does not need our session tokens for the secret stores
    for key in ("OP_SESSION", "VAULT_TOKEN"):
        env.pop(key, None)
    env["SECRETS_LOADED_FROM"] = SECRETS_FILE.name
    return env


def run_child(argv: list[str], values: dict[str, str]) -> int:
    if not argv:
        raise SystemExit("nothing to run; put the command after --")
    try:
        proc = subprocess.Popen(argv, cwd=ROOT, env=child_env(values))
    except FileNotFoundError:
        raise SystemExit(f"command not found: {argv[0]}")
    try:
        return proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        try:
            return proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            return 130


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--file", type=Path, default=SECRETS_FILE)
    parser.add_argument("--check", action="store_true", help="show which names resolve (values masked)")
    parser.add_argument("--only", action="append", help="resolve just this name (repeatable)")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()

    mapping = load_mapping(args.file)
    if args.check:
        return check(mapping)

    values, errors = resolve_all(mapping, args.only)
    if errors:
        for name, message in errors.items():
            print(f"cannot resolve {name}: {message}", file=sys.stderr)
        return 2
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    print(f"loaded {len(values)} secret(s) into the environment of: {' '.join(command)}")
    return run_child(command, values)


if __name__ == "__main__":
    sys.exit(main())
