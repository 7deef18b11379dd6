#!/usr/bin/env python3
"""Validate the GEDCOM test fixtures under tests/fixtures/gedcom/.

Checks performed (all offline, on the fixture files only):
  * encoding / BOM / line terminators, HEAD and TRLR records
  * level structure and tag names (GEDCOM 5.5.1 tag list, custom _TAGS allowed)
  * xref uniqueness and dangling pointers
  * FAMC/FAMS symmetry between INDI and FAM records
  * plausibility: birth before death, parents older than children
  * optionally round-trips each fixture through `gramps -i x.ged -e y.ged`
    into a temporary directory that is removed afterwards.

Exit code 1 if any fixture has errors; warnings are printed but do not fail.
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "gedcom"
LINE = re.compile(r"^(?P<level>\d{1,2}) (?:(?P<xref>@[A-Za-z0-9_]+@) )?(?P<tag>_?[A-Z0-9]{3,31})(?: (?P<value>.*))?$")
KNOWN_TAGS = set("""
HEAD TRLR GEDC VERS FORM CHAR SOUR NAME CORP DATA DEST DATE TIME FILE LANG SUBM NOTE
INDI FAM SEX BIRT DEAT BURI CHR BAPM PLAC FAMC FAMS HUSB WIFE CHIL MARR DIV EVEN
TYPE OCCU RESI ADDR GIVN SURN NPFX NSFX NICK OBJE TITL CONC CONT REFN RIN CHAN PAGE
QUAY TEXT ROLE AGE CAUS ADOP PEDI EMIG IMMI NATU CENS EDUC RELI ASSO RELA LATI LONG MAP
""".split())
YEAR = re.compile(r"(\d{3,4})\s*$")


@dataclass
class Record:
    xref: str
    tag: str
    line: int
    children: list[tuple[int, str, str, int]] = field(default_factory=list)

    def values(self, tag: str) -> list[str]:
        return [v for lvl, t, v, _ in self.children if t == tag and lvl == 1]

    def event_year(self, event: str) -> int | None:
        inside = False
        for lvl, t, v, _ in self.children:
            if lvl == 1:
                inside = t == event
            elif inside and t == "DATE":
                m = YEAR.search(v)
                return int(m.group(1)) if m else None
        return None


@dataclass
class Findings:
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def parse(path: Path, f: Findings) -> dict[str, Record]:
    raw = path.read_bytes()
    if raw.startswith(b"\xef\xbb\xbf"):
        f.warnings.append("UTF-8 BOM present")
        raw = raw[3:]
    if b"\r\n" in raw and b"\n" in raw.replace(b"\r\n", b""):
        f.warnings.append("mixed line terminators")
    text = raw.decode("utf-8", errors="replace")
    records: dict[str, Record] = {}
    current: Record | None = None
    prev_level = -1
    seen_head = seen_trlr = False
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            f.warnings.append(f"line {n}: blank line")
            continue
        m = LINE.match(line)
        if not m:
            f.errors.append(f"line {n}: cannot parse {line[:40]!r}")
            continue
        level, xref, tag, value = int(m["level"]), m["xref"], m["tag"], m["value"] or ""
        if level > prev_level + 1:
            f.errors.append(f"line {n}: level {level} after {prev_level}")
        prev_level = level
        if tag not in KNOWN_TAGS and not tag.startswith("_"):
            f.warnings.append(f"line {n}: unknown tag {tag}")
        if level == 0:
            seen_head |= tag == "HEAD"
            seen_trlr |= tag == "TRLR"
            if xref:
                if xref in records:
                    f.errors.append(f"line {n}: duplicate xref {xref}")
                current = Record(xref, tag, n)
                records[xref] = current
            else:
                current = None
        elif current is not None:
            current.children.append((level, tag, value, n))
    if not seen_head:
        f.errors.append("missing HEAD record")
    if not seen_trlr:
        f.errors.append("missing TRLR record")
    return records


def check_links(records: dict[str, Record], f: Findings) -> None:
    fam_members: dict[str, set[str]] = defaultdict(set)
    for rec in records.values():
        for lvl, tag, value, n in rec.children:
            if value.startswith("@") and value.endswith("@") and value not in records:
                f.errors.append(f"line {n}: {tag} points to missing {value}")
        if rec.tag == "FAM":
            for tag in ("HUSB", "WIFE", "CHIL"):
                for v in rec.values(tag):
                    fam_members[rec.xref].add(v)
    for rec in records.values():
        if rec.tag != "INDI":
            continue
        for fam in rec.values("FAMS") + rec.values("FAMC"):
            if fam in records and rec.xref not in fam_members[fam]:
                f.errors.append(f"{rec.xref} links {fam} but {fam} does not list {rec.xref}")


def check_plausibility(records: dict[str, Record], f: Findings) -> None:
    for rec in records.values():
        if rec.tag == "INDI":
            b, d = rec.event_year("BIRT"), rec.event_year("DEAT")
            if b and d and d < b:
                f.errors.append(f"{rec.xref}: death {d} before birth {b}")
            if b and d and d - b > 122:
                f.warnings.append(f"{rec.xref}: lived {d - b} years")
        if rec.tag == "FAM":
            parents = [records[x] for t in ("HUSB", "WIFE") for x in rec.values(t) if x in records]
            for child_ref in rec.values("CHIL"):
                child = records.get(child_ref)
                cb = child.event_year("BIRT") if child else None
                for p in parents:
                    pb = p.event_year("BIRT")
                    if cb and pb and cb - pb < 12:
                        f.warnings.append(f"{p.xref} was {cb - pb} at birth of {child_ref}")


def round_trip(path: Path, f: Findings) -> None:
    if shutil.which("gramps") is None:
        f.warnings.append("gramps not installed; round-trip skipped")
        return
    tmp = Path(tempfile.mkdtemp(prefix="gedcom-rt-"))
    try:
        out = tmp / path.name
        proc = subprocess.run(["gramps", "-y", "-i", str(path), "-e", str(out)],
                              capture_output=True, text=True, timeout=300,
                              env={"GRAMPSHOME": str(tmp), "PATH": "/usr/bin:/bin"})
        if proc.returncode != 0 or not out.exists():
            f.errors.append(f"gramps round-trip failed: {proc.stderr.strip()[-300:]}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--round-trip", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true", help="do not print warnings")
    args = ap.parse_args()
    files = args.files or sorted(FIXTURES.glob("*.ged"))
    failed = 0
    for path in files:
        f = Findings()
        records = parse(path, f)
        check_links(records, f)
        check_plausibility(records, f)
        if args.round_trip:
            round_trip(path, f)
        status = "FAIL" if f.errors else "ok"
        print(f"{status:4} {path.name}: {len(records)} records, {len(f.errors)} error(s), {len(f.warnings)} warning(s)")
        for e in f.errors:
            print(f"     error: {e}")
        if not args.quiet:
            for w in f.warnings:
                print(f"     warn:  {w}")
        failed += bool(f.errors)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
