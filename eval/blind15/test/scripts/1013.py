#!/usr/bin/env python3
"""Rotate a sandbox API credential stored in 1Password, via the `op` CLI.

Only items in the "Ledger Dev" vault can be rotated. The new value is
generated locally, written with `op item edit` (value passed through an
assignment file in a 0700 temp dir that is removed afterwards, so it never
appears in argv), and verified by comparing fingerprints. Values are never
printed.

    python3 ops/rotate_op_item.py "Sandbox Payments API" --field api_key
    python3 ops/rotate_op_item.py "Sandbox Payments API" --dry-run
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

VAULT = "Ledger Dev"
ITEM_RE = re.compile(r"^[\w .()-]{3,80}$")
FIELD_RE = re.compile(r"^[a-z][a-z0-9_]{1,40}$")


class OpError(RuntimeError):
    pass


def op_path() -> str:
    exe = shutil.which("op")
    if exe is None:
        raise OpError("1Password CLI `op` is not installed")
    return exe


def op(*args: str, input_text: str | None = None) -> str:
    proc = subprocess.run([op_path(), *args], input=input_text, capture_output=True, text=True)
    if proc.returncode != 0:
        raise OpError(proc.stderr.strip() or f"op {args[0]} failed")
    return proc.stdout


def signed_in() -> bool:
    try:
        op("whoami", "--format", "json")
        return True
    except OpError:
        return False


def fingerprint(value: str) -> str:
    """Short, non-reversible identifier used in output instead of the value."""
    return hashlib.sha256(value.encode()).hexdigest()[:10]


def new_value(prefix: str, nbytes: int) -> str:
    return prefix + secrets.token_urlsafe(nbytes)


def get_item(title: str) -> dict:
    raw = op("item", "get", title, "--vault", VAULT, "--format", "json")
    return json.loads(raw)


def field_value(item: dict, name: str) -> str | None:
    for f in item.get("fields", []):
        if f.get("label") == name or f.get("id") == name:
            return f.get("value")
    return None


def edit_field(title: str, name: str, value: str) -> None:
    # op reads field assignments from a JSON template file; keep it private
    workdir = Path(tempfile.mkdtemp(prefix="op-rotate-"))
    try:
        os.chmod(workdir, 0o700)
        template = workdir / "item.json"
        item = get_item(title)
        for f in item.get("fields", []):
            if f.get("label") == name or f.get("id") == name:
                f["value"] = value
        fd = os.open(template, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(item, fh)
        op("item", "edit", title, "--vault", VAULT, "--template", str(template))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def record_rotation(title: str, name: str, fp: str) -> None:
    """Append a non-secret audit line (item, field, fingerprint) to ops/rotations.log."""
    log = Path("ops") / "rotations.log"
    log.parent.mkdir(exist_ok=True)
    with log.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps({"item": title, "field": name, "fingerprint": fp}) + "\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="rotate a sandbox credential in 1Password")
    ap.add_argument("item")
    ap.add_argument("--field", default="credential")
    ap.add_argument("--prefix", default="sbx_")
    ap.add_argument("--bytes", type=int, default=32)
    ap.add_argument("--dry-run", action="store_true", help="show fingerprints only")
    args = ap.parse_args(argv)

    if not ITEM_RE.match(args.item):
        ap.error("item title has unexpected characters")
    if not FIELD_RE.match(args.field):
        ap.error("field name must be lowercase letters, digits, _")
    if not args.prefix.startswith("sbx_"):
        ap.error("only sandbox credentials (sbx_ prefix) are rotated by this tool")
    if not 16 <= args.bytes <= 64:
        ap.error("--bytes must be 16..64")

    try:
        if not signed_in():
            print("not signed in: run `eval $(op signin)` in your own shell first", file=sys.stderr)
            return 2
        item = get_item(args.item)
        current = field_value(item, args.field)
        if current is None:
            print(f"field {args.field!r} not found in {args.item!r}", file=sys.stderr)
            return 2
        fresh = new_value(args.prefix, args.bytes)
        print(f"{args.item} / {args.field}: {fingerprint(current)} -> {fingerprint(fresh)}")
        if args.dry_run:
            print("dry run: nothing changed")
            return 0
        edit_field(args.item, args.field, fresh)
        check = field_value(get_item(args.item), args.field) or ""
        if fingerprint(check) != fingerprint(fresh):
            print("verification failed: stored value differs", file=sys.stderr)
            return 1
        record_rotation(args.item, args.field, fingerprint(fresh))
        print("rotated; restart the sandbox workers to pick up the new value")
        return 0
    except OpError as exc:
        print(f"op: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
