#!/usr/bin/env python3
"""Turn a real GEDCOM export into an anonymised test fixture.

Genealogy bugs are easiest to reproduce with the shape of a real tree, but
real trees contain living people, addresses and notes.  This tool reads a
GEDCOM file given on the command line (it is never copied anywhere), and
writes tests/fixtures/gedcom/<name>.ged where:

* every individual gets a deterministic fake name (seeded by the xref and a
  per-fixture salt, so re-running produces the same fixture),
* dates keep their year but day/month are dropped for people born in the
  last 100 years; places are replaced by region-level placeholders,
* NOTE, SOUR, OBJE, ADDR, EMAIL, PHON and custom _ tags are removed,
* the family structure (FAMC/FAMS/HUSB/WIFE/CHIL) is preserved exactly.

A short report shows how many records and tags were removed, and the output
is validated with the same parser before it is written.

    python tools/anonymise_gedcom.py ~/Downloads/export.ged --name big-tree
"""
from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "gedcom"
LINE = re.compile(r"^(\d+) (?:(@[^@]+@) )?(\w+)(?: (.*))?$")
DROP_TAGS = {"NOTE", "SOUR", "OBJE", "ADDR", "EMAIL", "PHON", "FAX", "WWW", "_UID", "RIN", "REFN", "CHAN"}
KEEP_LINK_TAGS = {"FAMC", "FAMS", "HUSB", "WIFE", "CHIL"}
GIVEN = ["Ada", "Bram", "Cleo", "Dirk", "Elin", "Fenna", "Gus", "Hale", "Iris", "Joost", "Kaja", "Lior",
         "Mila", "Noor", "Otis", "Pim", "Quinn", "Rosa", "Sem", "Tess", "Ulla", "Vik", "Wren", "Yara"]
SURNAMES = ["Aalders", "Bakker", "Claes", "Dekker", "Evers", "Falk", "Graaf", "Hols", "Ide", "Jansma",
            "Kooi", "Lint", "Mol", "Nijs", "Oost", "Pel", "Roos", "Smit", "Tromp", "Vos"]
REGIONS = ["North Region", "East Region", "South Region", "West Region", "Coastal Region", "Inland Region"]
MONTHS = r"(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)"


@dataclass
class Node:
    level: int
    xref: str | None
    tag: str
    value: str
    children: list["Node"] = field(default_factory=list)


def parse(text: str) -> list[Node]:
    roots: list[Node] = []
    stack: list[Node] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        raw = raw.lstrip("\ufeff").rstrip()
        if not raw:
            continue
        m = LINE.match(raw)
        if not m:
            raise ValueError(f"line {lineno}: cannot parse {raw[:50]!r}")
        node = Node(int(m.group(1)), m.group(2), m.group(3), m.group(4) or "")
        while stack and stack[-1].level >= node.level:
            stack.pop()
        if node.level == 0:
            roots.append(node)
        elif stack:
            stack[-1].children.append(node)
        else:
            raise ValueError(f"line {lineno}: orphan level {node.level}")
        stack.append(node)
    return roots


def serialise(nodes: list[Node]) -> list[str]:
    out = []
    for n in nodes:
        parts = [str(n.level)]
        if n.xref:
            parts.append(n.xref)
        parts.append(n.tag)
        if n.value:
            parts.append(n.value)
        out.append(" ".join(parts))
        out.extend(serialise(n.children))
    return out


def pick(options: list[str], *seed: str) -> str:
    digest = hashlib.sha256("|".join(seed).encode()).digest()
    return options[int.from_bytes(digest[:4], "big") % len(options)]


def recent(year: int | None) -> bool:
    return year is not None and dt.date.today().year - year < 100


def year_of(value: str) -> int | None:
    m = re.search(r"(\d{4})\s*$", value)
    return int(m.group(1)) if m else None


def anonymise_node(node: Node, salt: str, owner: str, stats: Counter, birth_year: int | None) -> Node | None:
    if node.tag in DROP_TAGS or (node.tag.startswith("_") and node.tag not in KEEP_LINK_TAGS):
        stats[f"dropped {node.tag}"] += 1
        return None
    value = node.value
    if node.tag == "NAME":
        value = f"{pick(GIVEN, salt, owner, 'g')} /{pick(SURNAMES, salt, owner, 's')}/"
    elif node.tag in ("GIVN", "SURN", "NICK", "NPFX", "NSFX"):
        stats[f"dropped {node.tag}"] += 1
        return None
    elif node.tag == "PLAC":
        value = pick(REGIONS, salt, value)
    elif node.tag == "DATE" and recent(birth_year):
        year = year_of(value)
        value = str(year) if year else ""
        stats["coarsened DATE"] += 1
    kids = [c for c in (anonymise_node(ch, salt, owner, stats, birth_year) for ch in node.children) if c]
    return Node(node.level, node.xref, node.tag, value, kids)


def birth_year(record: Node) -> int | None:
    for child in record.children:
        if child.tag == "BIRT":
            for sub in child.children:
                if sub.tag == "DATE":
                    return year_of(sub.value)
    return None


def anonymise(records: list[Node], salt: str) -> tuple[list[Node], Counter]:
    stats: Counter = Counter()
    out: list[Node] = []
    for rec in records:
        if rec.tag in ("NOTE", "SOUR", "OBJE", "REPO", "SUBM"):
            stats[f"dropped record {rec.tag}"] += 1
            continue
        if rec.tag == "HEAD":
            out.append(Node(0, None, "HEAD", "", [
                Node(1, None, "GEDC", "", [Node(2, None, "VERS", "5.5.1"), Node(2, None, "FORM", "LINEAGE-LINKED")]),
                Node(1, None, "CHAR", "UTF-8"),
                Node(1, None, "NOTE", f"anonymised fixture generated {dt.date.today().isoformat()}"),
            ]))
            continue
        new = anonymise_node(rec, salt, rec.xref or "", stats, birth_year(rec))
        if new:
            out.append(new)
    if not out or out[-1].tag != "TRLR":
        out = [n for n in out if n.tag != "TRLR"] + [Node(0, None, "TRLR", "")]
    return out, stats


def check_links(records: list[Node]) -> list[str]:
    ids = {r.xref for r in records if r.xref}
    problems = []
    for r in records:
        for c in r.children:
            if c.tag in KEEP_LINK_TAGS and c.value not in ids:
                problems.append(f"{r.xref}: {c.tag} -> missing {c.value}")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description="anonymise a GEDCOM export into a test fixture")
    parser.add_argument("source", type=Path)
    parser.add_argument("--name", required=True, help="fixture name (file stem)")
    parser.add_argument("--salt", default=None, help="defaults to the fixture name")
    args = parser.parse_args()
    if not re.fullmatch(r"[a-z0-9-]+", args.name):
        parser.error("--name may only contain a-z, 0-9 and -")

    records = parse(args.source.read_text(encoding="utf-8-sig", errors="replace"))
    result, stats = anonymise(records, args.salt or args.name)
    problems = check_links(result)
    if problems:
        for p in problems[:20]:
            print(f"link problem: {p}", file=sys.stderr)
        return 1
    parse("\n".join(serialise(result)))  # round-trip sanity check

    FIXTURES.mkdir(parents=True, exist_ok=True)
    target = FIXTURES / f"{args.name}.ged"
    tmp = target.with_suffix(".ged.tmp")
    tmp.write_text("\n".join(serialise(result)) + "\n", encoding="utf-8")
    tmp.replace(target)
    people = sum(1 for r in result if r.tag == "INDI")
    families = sum(1 for r in result if r.tag == "FAM")
    print(f"wrote {target.relative_to(FIXTURES.parents[2])}: {people} people, {families} families")
    for key, count in sorted(stats.items()):
        print(f"  {key}: {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
