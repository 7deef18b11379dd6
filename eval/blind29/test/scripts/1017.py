#!/usr/bin/env python3
"""Corpus statistics for the TEI edition (words, people, places, dates).

Parses every tei/**/*.xml with lxml (no network access: the parser is
created with ``no_network=True`` and ``resolve_entities=False`` so external
DTDs or entities in contributed files are never fetched), and writes:

  build/stats/letters.csv      one row per document
  build/stats/persons.csv      mentions per person id (#ref)
  build/stats/timeline.csv     letters per year
  build/stats/summary.md       totals and the ten most mentioned persons

Unresolved references (a #ref not present in register/persons.xml) are
listed in the summary so editors can fix them.
"""
import argparse
import collections
import csv
import logging
import re
import sys
import unicodedata
from pathlib import Path

from lxml import etree

LOG = logging.getLogger("tei-stats")
REPO = Path(__file__).resolve().parents[1]
TEI_NS = "http://www.tei-c.org/ns/1.0"
XML_NS = "http://www.w3.org/XML/1998/namespace"
NS = {"tei": TEI_NS}
WORD_RE = re.compile(r"\w+(?:[-']\w+)*", re.UNICODE)

PARSER = etree.XMLParser(no_network=True, resolve_entities=False, remove_comments=True, huge_tree=False)


def text_of(node):
    if node is None:
        return ""
    parts = []
    for piece in node.itertext():
        parts.append(piece)
    return unicodedata.normalize("NFC", " ".join("".join(parts).split()))


def register_ids(path):
    if not path.exists():
        return set()
    tree = etree.parse(str(path), PARSER)
    return {el.get(f"{{{XML_NS}}}id") for el in tree.iter() if el.get(f"{{{XML_NS}}}id")}


def doc_stats(path):
    tree = etree.parse(str(path), PARSER)
    root = tree.getroot()
    body = root.find(".//tei:text/tei:body", NS)
    words = len(WORD_RE.findall(text_of(body)))
    title = text_of(root.find(".//tei:titleStmt/tei:title", NS))
    sent = root.find(".//tei:correspAction[@type='sent']", NS)
    date = ""
    sender = ""
    if sent is not None:
        date_el = sent.find("tei:date", NS)
        if date_el is not None:
            date = date_el.get("when") or date_el.get("notBefore") or ""
        sender = text_of(sent.find("tei:persName", NS))
    persons = collections.Counter()
    places = collections.Counter()
    for el in root.iterfind(".//tei:persName[@ref]", NS):
        for ref in el.get("ref").split():
            persons[ref.lstrip("#")] += 1
    for el in root.iterfind(".//tei:placeName[@ref]", NS):
        for ref in el.get("ref").split():
            places[ref.lstrip("#")] += 1
    notes = len(root.findall(".//tei:note", NS))
    dels = len(root.findall(".//tei:del", NS))
    adds = len(root.findall(".//tei:add", NS))
    return {
        "file": str(path.relative_to(REPO)),
        "title": title,
        "date": date,
        "year": date[:4] if re.match(r"^\d{4}", date) else "",
        "sender": sender,
        "words": words,
        "notes": notes,
        "deletions": dels,
        "additions": adds,
        "persons": persons,
        "places": places,
    }


def correspondents(docs):
    """Sender counts, with unnamed senders grouped as '(unknown)'."""
    counter = collections.Counter()
    for d in docs:
        counter[d["sender"] or "(unknown)"] += 1
    return counter


def editorial_density(docs):
    """Notes, additions and deletions per 1000 words, per document."""
    rows = []
    for d in docs:
        if not d["words"]:
            continue
        factor = 1000 / d["words"]
        rows.append({
            "file": d["file"],
            "notes_per_k": round(d["notes"] * factor, 2),
            "changes_per_k": round((d["deletions"] + d["additions"]) * factor, 2),
        })
    return sorted(rows, key=lambda r: -r["changes_per_k"])


def write_csv(path, fieldnames, rows):
    path.parent.mkdir(exist_ok=True, parents=True)
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=fieldnames, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)


def main():
    ap = argparse.ArgumentParser(description="TEI corpus statistics")
    ap.add_argument("--tei", type=Path, default=REPO / "tei")
    ap.add_argument("--persons", type=Path, default=REPO / "register" / "persons.xml")
    ap.add_argument("--places", type=Path, default=REPO / "register" / "places.xml")
    ap.add_argument("--out", type=Path, default=REPO / "build" / "stats")
    ap.add_argument("--top", type=int, default=10)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    files = sorted(args.tei.rglob("*.xml"))
    if not files:
        LOG.error("no TEI files under %s", args.tei)
        return 1
    known_persons = register_ids(args.persons)
    known_places = register_ids(args.places)

    docs, broken = [], []
    person_totals = collections.Counter()
    place_totals = collections.Counter()
    per_year = collections.Counter()
    for f in files:
        try:
            stats = doc_stats(f)
        except etree.XMLSyntaxError as exc:
            broken.append((f, str(exc)))
            continue
        docs.append(stats)
        person_totals.update(stats["persons"])
        place_totals.update(stats["places"])
        if stats["year"]:
            per_year[stats["year"]] += 1

    out = args.out
    write_csv(out / "letters.csv", ["file", "title", "date", "sender", "words", "notes", "deletions", "additions"], docs)
    write_csv(out / "persons.csv", ["id", "mentions", "in_register"],
              [{"id": k, "mentions": v, "in_register": k in known_persons} for k, v in person_totals.most_common()])
    write_csv(out / "timeline.csv", ["year", "letters"], [{"year": y, "letters": n} for y, n in sorted(per_year.items())])
    write_csv(out / "senders.csv", ["sender", "letters"],
              [{"sender": s, "letters": n} for s, n in correspondents(docs).most_common()])
    write_csv(out / "editorial.csv", ["file", "notes_per_k", "changes_per_k"], editorial_density(docs))

    unresolved_p = sorted(k for k in person_totals if known_persons and k not in known_persons)
    unresolved_l = sorted(k for k in place_totals if known_places and k not in known_places)
    total_words = sum(d["words"] for d in docs)
    lines = [
        "# Edition statistics",
        "",
        f"- documents: {len(docs)} ({len(broken)} not well-formed)",
        f"- words: {total_words:,}",
        f"- distinct persons: {len(person_totals)}, places: {len(place_totals)}",
        f"- years covered: {min(per_year) if per_year else '-'}–{max(per_year) if per_year else '-'}",
        "",
        f"## Top {args.top} persons",
        "",
    ]
    lines += [f"1. `{pid}` – {n} mentions" for pid, n in person_totals.most_common(args.top)]
    if unresolved_p or unresolved_l:
        lines += ["", "## Unresolved references", ""]
        lines += [f"- person #{r}" for r in unresolved_p[:100]]
        lines += [f"- place #{r}" for r in unresolved_l[:100]]
    if broken:
        lines += ["", "## Not well-formed", ""]
        lines += [f"- {f.relative_to(REPO)}: {msg}" for f, msg in broken]
    (out / "summary.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    LOG.info("%d documents, %s words; results in %s", len(docs), f"{total_words:,}", out.relative_to(REPO))
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
