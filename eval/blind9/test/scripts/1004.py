#!/usr/bin/env python3
"""Merge the paginated JSON dumps in exports/crm/*.json into normalised CSVs.

Each dump is {"contacts": [...], "companies": [...], "next": ...}. Output goes
to build/crm/contacts.csv and build/crm/companies.csv, de-duplicated by id with
the most recently updated record winning.
"""
from __future__ import annotations

import csv
import itertools
import json
import operator
import re
import sys
from datetime import datetime
from pathlib import Path
from typing import Any, Iterable, Iterator

SRC = Path("exports/crm")
OUT = Path("build/crm")

CONTACT_FIELDS = ["id", "email", "first_name", "last_name", "company_id", "country", "updated_at"]
COMPANY_FIELDS = ["id", "name", "domain", "employees", "industry", "updated_at"]

EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[a-z]{2,}$", re.I)


def dumps(directory: Path) -> Iterator[dict[str, Any]]:
    for path in sorted(directory.glob("*.json")):
        with path.open(encoding="utf-8") as fh:
            yield json.load(fh)


def parse_ts(value: str | None) -> datetime:
    if not value:
        return datetime.min
    return datetime.fromisoformat(value.replace("Z", "+00:00")).replace(tzinfo=None)


def clean_contact(raw: dict[str, Any]) -> dict[str, Any] | None:
    email = (raw.get("email") or "").strip().lower()
    if not EMAIL_RE.match(email):
        return None
    name = raw.get("name") or {}
    return {
        "id": str(raw["id"]),
        "email": email,
        "first_name": (name.get("first") or "").strip().title(),
        "last_name": (name.get("last") or "").strip().title(),
        "company_id": str(raw.get("company", {}).get("id", "")),
        "country": (raw.get("address", {}).get("country") or "").upper()[:2],
        "updated_at": raw.get("updated_at", ""),
    }


def clean_company(raw: dict[str, Any]) -> dict[str, Any]:
    domain = (raw.get("website") or "").lower()
    domain = re.sub(r"^https?://(www\.)?", "", domain).split("/")[0]
    return {
        "id": str(raw["id"]),
        "name": raw.get("name", "").strip(),
        "domain": domain,
        "employees": int(raw.get("size", {}).get("employees") or 0),
        "industry": raw.get("industry") or "unknown",
        "updated_at": raw.get("updated_at", ""),
    }


def latest_by_id(records: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    key = operator.itemgetter("id")
    ordered = sorted(records, key=lambda r: (r["id"], parse_ts(r["updated_at"])))
    return [list(group)[-1] for _, group in itertools.groupby(ordered, key=key)]


def write_csv(path: Path, fields: list[str], rows: list[dict[str, Any]]) -> None:
    path.parent.mkdir(exist_ok=True, parents=True)
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)


def main() -> int:
    pages = list(dumps(SRC))
    if not pages:
        print(f"no dumps in {SRC}", file=sys.stderr)
        return 1
    raw_contacts = [c for p in pages for c in p.get("contacts", [])]
    raw_companies = [c for p in pages for c in p.get("companies", [])]

    contacts = [c for c in map(clean_contact, raw_contacts) if c]
    companies = [clean_company(c) for c in raw_companies if c.get("id")]
    contacts = latest_by_id(contacts)
    companies = latest_by_id(companies)

    known = {c["id"] for c in companies}
    orphans = sum(1 for c in contacts if c["company_id"] and c["company_id"] not in known)

    write_csv(OUT / "contacts.csv", CONTACT_FIELDS, contacts)
    write_csv(OUT / "companies.csv", COMPANY_FIELDS, companies)

    by_country = {k: len(list(g)) for k, g in itertools.groupby(sorted(c["country"] for c in contacts))}
    top = sorted(by_country.items(), key=lambda kv: kv[1], reverse=True)[:5]
    print(f"{len(pages)} pages -> {len(contacts)} contacts ({len(raw_contacts) - len(contacts)} dropped), "
          f"{len(companies)} companies, {orphans} contacts without a known company")
    print("top countries: " + ", ".join(f"{k or '??'}={v}" for k, v in top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
