#!/usr/bin/env python3
"""Verify the ROM test fixtures against a Logiqx-style DAT file.

The emulator test-suite ships small homebrew and public-domain ROM sets in
test/fixtures/roms/.  This checker parses a DAT (XML), hashes every file inside
each ZIP (CRC32 from the zip header, SHA1 computed), and reports sets that are
complete, incomplete, have bad dumps or are unknown.  --fix-names renames
fixture ZIPs whose content matches a known set under another name; --prune
removes stray temp files that the packer leaves behind, only inside the
fixture directory.
"""
import argparse
import hashlib
import json
import os
import sys
import xml.etree.ElementTree as ET
import zipfile
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "test" / "fixtures" / "roms"
DATS = ROOT / "test" / "fixtures" / "dats"
STRAY_SUFFIXES = (".tmp", ".part", ".zip~")


@dataclass
class RomEntry:
    name: str
    size: int
    crc: str
    sha1: str | None
    status: str = "good"


@dataclass
class GameSet:
    name: str
    roms: list = field(default_factory=list)
    cloneof: str | None = None

    def signature(self):
        return frozenset((r.crc, r.size) for r in self.roms if r.status != "nodump")


def parse_dat(path):
    tree = ET.parse(path)
    sets = {}
    for game in tree.getroot().iter():
        if game.tag not in ("game", "machine"):
            continue
        gs = GameSet(game.get("name"), cloneof=game.get("cloneof"))
        for rom in game.findall("rom"):
            gs.roms.append(RomEntry(
                name=rom.get("name"),
                size=int(rom.get("size", "0")),
                crc=(rom.get("crc") or "").lower(),
                sha1=(rom.get("sha1") or "").lower() or None,
                status=rom.get("status", "good"),
            ))
        sets[gs.name] = gs
    return sets


def hash_member(zf, info):
    sha1 = hashlib.sha1()
    with zf.open(info) as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            sha1.update(chunk)
    return sha1.hexdigest()


def scan_zip(path):
    members = {}
    with zipfile.ZipFile(path) as zf:
        for info in zf.infolist():
            if info.is_dir():
                continue
            members[info.filename] = {
                "size": info.file_size,
                "crc": f"{info.CRC:08x}",
                "sha1": hash_member(zf, info),
            }
    return members


def verify_set(gs, members):
    problems = []
    by_crc = {(m["crc"], m["size"]): (n, m) for n, m in members.items()}
    for rom in gs.roms:
        if rom.status == "nodump":
            continue
        found = by_crc.get((rom.crc, rom.size))
        if found is None:
            problems.append(f"missing {rom.name} (crc {rom.crc})")
            continue
        name, meta = found
        if rom.sha1 and meta["sha1"] != rom.sha1:
            problems.append(f"sha1 mismatch for {rom.name}")
        if name != rom.name:
            problems.append(f"{name} should be named {rom.name}")
        if rom.status == "baddump":
            problems.append(f"{rom.name} is a known bad dump")
    extra = set(members) - {r.name for r in gs.roms}
    for name in sorted(extra):
        problems.append(f"unexpected file {name}")
    return problems


def identify(members, index):
    sig = frozenset((m["crc"], m["size"]) for m in members.values())
    return index.get(sig)


def prune_strays(directory, dry_run):
    removed = []
    for entry in directory.iterdir():
        if entry.is_file() and entry.name.endswith(STRAY_SUFFIXES):
            # stays inside FIXTURES: entry comes from iterdir() of that directory
            removed.append(entry.name)
            if not dry_run:
                entry.unlink()
    return removed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dat", type=Path, default=None, help="DAT file (default: newest in dats/)")
    ap.add_argument("--roms", type=Path, default=FIXTURES)
    ap.add_argument("--fix-names", action="store_true")
    ap.add_argument("--prune", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--json", type=Path, help="write machine-readable results here")
    args = ap.parse_args()

    roms_dir = args.roms.resolve()
    if FIXTURES.resolve() not in (roms_dir, *roms_dir.parents):
        sys.exit("--roms must point inside test/fixtures/roms")

    dat = args.dat or max(DATS.glob("*.dat"), key=lambda p: p.stat().st_mtime, default=None)
    if dat is None:
        sys.exit("no DAT file found")
    sets = parse_dat(dat)
    index = {gs.signature(): gs.name for gs in sets.values() if gs.roms}
    print(f"{dat.name}: {len(sets)} sets")

    results = {}
    tally = Counter()
    renames = []
    for zpath in sorted(roms_dir.glob("*.zip")):
        name = zpath.stem
        try:
            members = scan_zip(zpath)
        except zipfile.BadZipFile:
            results[name] = {"status": "corrupt", "problems": ["not a valid zip"]}
            tally["corrupt"] += 1
            continue
        gs = sets.get(name)
        if gs is None:
            guess = identify(members, index)
            status = "misnamed" if guess else "unknown"
            results[name] = {"status": status, "should_be": guess, "problems": []}
            if guess:
                renames.append((zpath, zpath.with_name(guess + ".zip")))
            tally[status] += 1
            continue
        problems = verify_set(gs, members)
        status = "good" if not problems else "incomplete"
        results[name] = {"status": status, "problems": problems, "clone_of": gs.cloneof}
        tally[status] += 1

    for name, res in sorted(results.items()):
        if res["status"] != "good":
            print(f"{res['status']:<10} {name}" + (f" -> {res.get('should_be')}" if res.get("should_be") else ""))
            for p in res["problems"]:
                print(f"           {p}")

    if args.fix_names:
        for src, dst in renames:
            if dst.exists():
                print(f"skip rename {src.name}: {dst.name} exists")
                continue
            print(f"rename {src.name} -> {dst.name}")
            if not args.dry_run:
                os.replace(src, dst)

    if args.prune:
        for name in prune_strays(roms_dir, args.dry_run):
            print(f"{'would remove' if args.dry_run else 'removed'} {name}")

    summary = dict(tally)
    print("summary: " + ", ".join(f"{k}={v}" for k, v in sorted(summary.items())))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"dat": dat.name, "summary": summary, "sets": results}, indent=2))
    bad = sum(v for k, v in summary.items() if k != "good")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
