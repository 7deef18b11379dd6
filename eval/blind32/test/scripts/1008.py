#!/usr/bin/env python3
"""Rebuild merged MAME fixture sets from the individual test ROM zips.

The emulator core tests need "merged" sets (parent + clones in one zip) while
contributors add fixtures as split sets.  Using the fixture DAT
(test/fixtures/dats/mame-fixtures.xml, -listxml format) this script:

  * reads every split zip in test/fixtures/roms/split/
  * groups clones under their parent (romof/cloneof attributes)
  * writes build/roms/merged/<parent>.zip with each clone's unique ROMs in a
    subfolder, deduplicated by CRC
  * verifies every written zip by re-reading CRCs

Temporary zips are written next to the target and moved into place.  Output
is entirely under build/roms/, which --clean removes first.
"""
import argparse
import os
import shutil
import sys
import tempfile
import xml.etree.ElementTree as ET
import zipfile
import zlib
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SPLIT = REPO / "test" / "fixtures" / "roms" / "split"
DAT = REPO / "test" / "fixtures" / "dats" / "mame-fixtures.xml"
OUT = REPO / "build" / "roms" / "merged"


class Machine:
    __slots__ = ("name", "cloneof", "roms")

    def __init__(self, name, cloneof):
        self.name = name
        self.cloneof = cloneof
        self.roms = {}  # rom name -> crc

    def __repr__(self):
        return f"Machine({self.name!r}, clone of {self.cloneof!r}, {len(self.roms)} roms)"


def read_dat(path):
    machines = {}
    for el in ET.parse(path).getroot().iter("machine"):
        m = Machine(el.get("name"), el.get("cloneof"))
        for rom in el.findall("rom"):
            if rom.get("status") == "nodump" or rom.get("merge"):
                continue
            m.roms[rom.get("name")] = (rom.get("crc") or "").lower()
        machines[m.name] = m
    return machines


def families(machines):
    groups = defaultdict(list)
    for m in machines.values():
        parent = m.cloneof or m.name
        groups[parent].append(m)
    for parent, members in groups.items():
        members.sort(key=lambda m: (m.cloneof is not None, m.name))
    return groups


def crc_of(data):
    return f"{zlib.crc32(data) & 0xFFFFFFFF:08x}"


def load_split(name):
    path = SPLIT / f"{name}.zip"
    if not path.exists():
        return None
    content = {}
    with zipfile.ZipFile(path) as zf:
        for info in zf.infolist():
            if not info.is_dir():
                data = zf.read(info)
                content[info.filename] = (crc_of(data), data)
    return content


def build_family(parent, members):
    entries = {}
    seen_crcs = set()
    missing = []
    for m in members:
        content = load_split(m.name)
        if content is None:
            missing.append(f"{m.name}.zip")
            continue
        prefix = "" if m.cloneof is None else f"{m.name}/"
        for rom_name, want_crc in sorted(m.roms.items()):
            got = content.get(rom_name)
            if got is None:
                missing.append(f"{m.name}/{rom_name}")
                continue
            crc, data = got
            if want_crc and crc != want_crc:
                missing.append(f"{m.name}/{rom_name} (crc {crc} != {want_crc})")
                continue
            if m.cloneof is not None and crc in seen_crcs:
                continue  # identical to a parent ROM: merged sets store it once
            seen_crcs.add(crc)
            entries[prefix + rom_name] = data
    return entries, missing


def write_zip(target, entries):
    target.parent.mkdir(exist_ok=True, parents=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.stem}-", suffix=".zip", dir=target.parent)
    os.close(fd)
    try:
        with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
            for name in sorted(entries):
                info = zipfile.ZipInfo(name, date_time=(1996, 12, 24, 23, 32, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                zf.writestr(info, entries[name])
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def verify_zip(target, entries):
    with zipfile.ZipFile(target) as zf:
        bad = zf.testzip()
        if bad:
            return [f"corrupt member {bad}"]
        names = set(zf.namelist())
    problems = [f"missing {n}" for n in entries if n not in names]
    return problems


def orphan_splits(machines):
    """Split zips in the fixture folder that the DAT does not describe."""
    known = set(machines)
    return sorted(p.stem for p in SPLIT.glob("*.zip") if p.stem not in known)


def write_index(built_sets):
    index = OUT / "INDEX.txt"
    index.parent.mkdir(parents=True, exist_ok=True)
    lines = [f"{name}\t{size}" for name, size in sorted(built_sets.items())]
    index.write_text("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.strip().split("\n")[0])
    ap.add_argument("--clean", action="store_true", help="remove build/roms before rebuilding")
    ap.add_argument("--only", nargs="*", help="only these parent sets")
    ap.add_argument("--strict", action="store_true", help="fail on any missing fixture")
    args = ap.parse_args()

    if args.clean and OUT.parent.exists():
        shutil.rmtree(OUT.parent)  # build/roms is generated by this script
    machines = read_dat(DAT)
    groups = families(machines)
    built, problems = 0, {}
    for parent, members in sorted(groups.items()):
        if args.only and parent not in args.only:
            continue
        entries, missing = build_family(parent, members)
        if missing:
            problems[parent] = missing
        if not entries:
            continue
        target = OUT / f"{parent}.zip"
        write_zip(target, entries)
        bad = verify_zip(target, entries)
        if bad:
            problems.setdefault(parent, []).extend(bad)
        built += 1
        print(f"{parent:<20} {len(members):>2} machine(s) {len(entries):>3} rom(s)")
    for parent, items in problems.items():
        print(f"{parent}: " + "; ".join(items), file=sys.stderr)
    for name in orphan_splits(machines):
        print(f"warning: {name}.zip is not described by the DAT", file=sys.stderr)
    write_index({p.stem: p.stat().st_size for p in OUT.glob("*.zip")})
    print(f"built {built} merged set(s) in {OUT.relative_to(REPO)}")
    return 1 if problems and args.strict else 0


if __name__ == "__main__":
    sys.exit(main())
