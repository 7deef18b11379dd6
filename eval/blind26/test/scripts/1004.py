#!/usr/bin/env python3
"""Bump the ESPHome `min_version` pin across all device configs.

    python tools/pin_esphome.py 2025.2.0            # edit + compile all
    python tools/pin_esphome.py 2025.2.0 --only porch --only attic
    python tools/pin_esphome.py --check              # report current pins

The YAML files are edited as text (a full YAML round-trip would drop the
!secret / !lambda tags and comments). Originals are copied to a backup dir
inside build/ first; if any compile fails, all edited files are restored
from those copies, so a half-migrated fleet is never left behind.
"""
import argparse
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

PROJECT = Path(__file__).absolute().parent.parent
DEVICES = PROJECT / "devices"
BACKUP_ROOT = PROJECT / "build" / "pin-backups"
VERSION_RE = re.compile(r"^\d{4}\.\d{1,2}\.\d+$")
PIN_RE = re.compile(r"^(\s*min_version:\s*)([\"']?)([\w.]+)\2\s*$", re.MULTILINE)
ESPHOME_BLOCK_RE = re.compile(r"^esphome:\s*$", re.MULTILINE)


def device_files(only):
    files = sorted(p for p in DEVICES.glob("*.yaml") if p.name != "secrets.yaml" and not p.name.startswith("."))
    if only:
        wanted = {f"{o}.yaml" for o in only}
        missing = wanted - {p.name for p in files}
        if missing:
            sys.exit("unknown device(s): " + ", ".join(sorted(missing)))
        files = [p for p in files if p.name in wanted]
    return files


def current_pin(text):
    m = PIN_RE.search(text)
    return m.group(3) if m else None


def with_pin(text, version):
    if PIN_RE.search(text):
        return PIN_RE.sub(lambda m: f"{m.group(1)}{m.group(2)}{version}{m.group(2)}", text, count=1)
    m = ESPHOME_BLOCK_RE.search(text)
    if not m:
        raise ValueError("no top-level esphome: block")
    insert_at = m.end()
    return text[:insert_at] + f"\n  min_version: {version}" + text[insert_at:]


def installed_version():
    proc = subprocess.run(["esphome", "version"], capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit("esphome is not installed in this environment")
    return proc.stdout.strip().split()[-1]


def version_tuple(v):
    return tuple(int(x) for x in v.split("."))


def backup(files):
    stamp = time.strftime("%Y%m%d-%H%M%S")
    dest = BACKUP_ROOT / stamp
    dest.mkdir(parents=True)
    for f in files:
        shutil.copy2(f, dest / f.name)
    return dest


def restore(files, backup_dir):
    for f in files:
        src = backup_dir / f.name
        if src.exists():
            shutil.copy2(src, f)
    print(f"restored {len(files)} file(s) from {backup_dir.relative_to(PROJECT)}")


def compile_device(path, logs):
    log = logs / f"{path.stem}.log"
    started = time.monotonic()
    with log.open("w") as fh:
        proc = subprocess.run(["esphome", "compile", path.name], cwd=DEVICES, stdout=fh, stderr=subprocess.STDOUT)
    return path.stem, proc.returncode, time.monotonic() - started


def prune_backups(keep=10):
    if not BACKUP_ROOT.exists():
        return
    dirs = sorted((d for d in BACKUP_ROOT.iterdir() if d.is_dir()), reverse=True)
    for old in dirs[keep:]:
        shutil.rmtree(old)


def changelog_hint(old_pins, version):
    """Print the ESPHome changelog pages to read for the versions skipped."""
    olds = sorted({p for p in old_pins if p and VERSION_RE.match(p)}, key=version_tuple)
    if not olds:
        return
    oldest = olds[0]
    majors = sorted({".".join(v.split(".")[:2]) for v in (oldest, version)})
    print(f"oldest previous pin: {oldest}; read the breaking changes for:")
    for m in majors:
        print(f"  https://esphome.io/changelog/{m}.0.html")


def report(files):
    width = max((len(f.stem) for f in files), default=10)
    for f in files:
        pin = current_pin(f.read_text(encoding="utf-8")) or "-"
        print(f"{f.stem:<{width}}  {pin}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("version", nargs="?")
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--no-compile", action="store_true")
    parser.add_argument("-j", "--jobs", type=int, default=2)
    args = parser.parse_args()

    files = device_files(args.only)
    if args.check or not args.version:
        report(files)
        return 0
    if not VERSION_RE.match(args.version):
        sys.exit(f"{args.version} does not look like an ESPHome version (YYYY.M.P)")
    have = installed_version()
    if version_tuple(have) < version_tuple(args.version):
        sys.exit(f"installed esphome {have} is older than the requested pin {args.version}")

    old_pins = [current_pin(f.read_text(encoding="utf-8")) for f in files]
    changelog_hint(old_pins, args.version)
    backup_dir = backup(files)
    changed = []
    for f in files:
        text = f.read_text(encoding="utf-8")
        try:
            new = with_pin(text, args.version)
        except ValueError as exc:
            print(f"{f.name}: {exc}; skipped")
            continue
        if new != text:
            f.write_text(new, encoding="utf-8")
            changed.append(f)
    print(f"pinned {len(changed)} of {len(files)} file(s) to {args.version}")
    if not changed or args.no_compile:
        prune_backups()
        return 0

    logs = PROJECT / "build" / "pin-logs"
    logs.mkdir(parents=True, exist_ok=True)
    failed = []
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(compile_device, f, logs) for f in changed]
        for fut in as_completed(futures):
            name, rc, secs = fut.result()
            print(f"  {name:<24} {'ok' if rc == 0 else 'FAILED'} ({secs:.0f}s)")
            if rc != 0:
                failed.append(name)

    if failed:
        print("compile failures: " + ", ".join(sorted(failed)) + " - rolling back all edits")
        restore(changed, backup_dir)
        return 1
    prune_backups()
    print("all devices compile with the new pin; commit devices/*.yaml")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("\ninterrupted; run with --check to see the state of the pins")
        sys.exit(130)
