#!/usr/bin/env python3
"""Apply the project's u-blox receiver configuration with ubxtool.

The desired configuration lives in gnss/receiver.yaml as a list of
``CFG-*`` keys (u-blox generation 9 configuration interface), e.g.

    layers: [RAM, BBR]
    keys:
      CFG-RATE-MEAS: 200
      CFG-NAVSPG-DYNMODEL: 4
      CFG-MSGOUT-UBX_NAV_PVT_USB: 1

Steps:
  1. read the current value of every key with ``ubxtool -g`` and save a backup
     to build/gnss/receiver-backup-<timestamp>.yaml,
  2. show the diff,
  3. with --apply, set the changed keys with ``ubxtool -z KEY,VALUE,LAYER``,
  4. read back and verify.

ubxtool talks to the local gpsd (GPSD_HOST default 127.0.0.1); keys are
validated against KEY_RE before they reach the command line.
"""
from __future__ import annotations

import argparse
import datetime as dt
import os
import re
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "gnss" / "receiver.yaml"
BACKUPS = ROOT / "build" / "gnss"
KEY_RE = re.compile(r"^CFG-[A-Z0-9]+-[A-Z0-9_]+$")
VALUE_RE = re.compile(r"^-?\d+(\.\d+)?$|^0x[0-9a-fA-F]+$")
LAYERS = {"RAM": 1, "BBR": 2, "FLASH": 4}
READBACK_RE = re.compile(r"^\s*(CFG-[A-Z0-9_-]+)\s+\S+\s+\S+\s+(\S+)", re.MULTILINE)


def ubxtool(*args: str, timeout: int = 20) -> str:
    env = dict(os.environ)
    env.setdefault("UBXOPTS", "-P 27.31")
    target = [f"{os.environ.get('GPSD_HOST', '127.0.0.1')}:{os.environ.get('GPSD_PORT', '2947')}"]
    proc = subprocess.run(["ubxtool", *args, *target], capture_output=True, text=True, timeout=timeout, env=env)
    if proc.returncode != 0:
        raise RuntimeError(f"ubxtool {' '.join(args)} failed: {proc.stderr.strip()[:300]}")
    return proc.stdout


def validate(config: dict) -> tuple[list[str], dict[str, str]]:
    layers = config.get("layers", ["RAM"])
    unknown = [l for l in layers if l not in LAYERS]
    if unknown:
        raise SystemExit(f"unknown layer(s) {unknown}; use {sorted(LAYERS)}")
    keys: dict[str, str] = {}
    for key, value in (config.get("keys") or {}).items():
        value = str(value)
        if not KEY_RE.match(key):
            raise SystemExit(f"invalid key name {key!r}")
        if not VALUE_RE.match(value):
            raise SystemExit(f"invalid value for {key}: {value!r}")
        keys[key] = value
    return layers, keys


def read_current(keys: list[str]) -> dict[str, str | None]:
    current: dict[str, str | None] = {k: None for k in keys}
    # ubxtool accepts several -g options in one call; batch to keep it quick
    for start in range(0, len(keys), 8):
        batch = keys[start:start + 8]
        args: list[str] = []
        for key in batch:
            args += ["-g", key]
        out = ubxtool(*args)
        for match in READBACK_RE.finditer(out):
            name, value = match.group(1), match.group(2)
            if name in current:
                current[name] = value
    return current


def normalise(value: str | None) -> str | None:
    if value is None:
        return None
    try:
        return str(int(value, 0))
    except ValueError:
        try:
            return str(float(value))
        except ValueError:
            return value


def save_backup(current: dict[str, str | None]) -> Path:
    BACKUPS.mkdir(parents=True, exist_ok=True)
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    path = BACKUPS / f"receiver-backup-{stamp}.yaml"
    path.write_text(yaml.safe_dump({"keys": current}, sort_keys=True), encoding="utf-8")
    return path


def apply(changes: dict[str, str], layers: list[str]) -> None:
    for key, value in changes.items():
        for layer in layers:
            ubxtool("-z", f"{key},{value},{LAYERS[layer]}")
        print(f"  set {key} = {value} ({'+'.join(layers)})")


def prune_backups(keep: int = 20) -> None:
    """Backups are small but accumulate; keep the newest `keep` of our own files."""
    files = sorted(BACKUPS.glob("receiver-backup-*.yaml"))
    for old in files[:-keep]:
        old.unlink()


def receiver_version() -> str:
    try:
        out = ubxtool("-p", "MON-VER")
    except (RuntimeError, subprocess.TimeoutExpired):
        return "unknown"
    for line in out.splitlines():
        line = line.strip()
        if line.startswith("extension") and "FWVER" in line:
            return line.split("FWVER=", 1)[1].strip()
    return "unknown"


def restore(backup: Path, layers: list[str]) -> int:
    data = yaml.safe_load(backup.read_text(encoding="utf-8")) or {}
    values = {k: str(v) for k, v in (data.get("keys") or {}).items() if v is not None}
    _, checked = validate({"layers": layers, "keys": values})
    apply(checked, layers)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description="u-blox configuration via ubxtool")
    parser.add_argument("--apply", action="store_true", help="write changed keys to the receiver")
    parser.add_argument("--restore", type=Path, help="re-apply a backup file written by this tool")
    args = parser.parse_args()

    config = yaml.safe_load(CONFIG.read_text(encoding="utf-8")) or {}
    layers, desired = validate(config)
    if args.restore:
        return restore(args.restore, layers)

    try:
        current = read_current(list(desired))
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        print(f"cannot read receiver configuration: {exc}", file=sys.stderr)
        return 2
    backup = save_backup(current)
    prune_backups()
    print(f"receiver firmware {receiver_version()}; current values saved to {backup.relative_to(ROOT)}")

    changes = {k: v for k, v in desired.items() if normalise(current.get(k)) != normalise(v)}
    if not changes:
        print("receiver already matches gnss/receiver.yaml")
        return 0
    for key, value in changes.items():
        print(f"  {key}: {current.get(key)} -> {value}")
    if not args.apply:
        print("dry run; pass --apply to write these keys")
        return 0

    apply(changes, layers)
    after = read_current(list(changes))
    mismatched = [k for k, v in changes.items() if normalise(after.get(k)) != normalise(v)]
    if mismatched:
        print(f"verification failed for: {', '.join(mismatched)} (restore with --restore {backup})", file=sys.stderr)
        return 1
    print(f"{len(changes)} key(s) applied and verified")
    return 0


if __name__ == "__main__":
    sys.exit(main())
