#!/usr/bin/env python3
"""Preview a MARC batch import for Koha before staging it.

Reads a vendor MARC file, applies the library's cleanup rules (drop 9xx
local fields from the vendor, normalise ISBNs, add 942$c item type), and
compares every record with the catalogue through Koha's REST API
(``/api/v1/biblios`` search by ISBN, GET only) to classify it as *new*,
*duplicate* or *update candidate*.  The cleaned batch is written to
build/koha/<batch>-clean.mrc and a CSV report next to it.

Nothing is imported: staging happens in the Koha staff interface (or with
``--stage``, which runs ``koha-shell LIBRARY -c "perl misc/stage_file.pl …"``
against the *test* instance named in config/koha.toml, never the production
one).  API access uses an OAuth client of the test instance from .env.
"""
import argparse
import csv
import io
import json
import logging
import os
import re
import subprocess
import sys
import tomllib
import urllib.parse
import urllib.request
from pathlib import Path

import pymarc

LOG = logging.getLogger("koha-preview")
REPO = Path(__file__).resolve().parents[1]
CONFIG = REPO / "config" / "koha.toml"
OUT = REPO / "build" / "koha"


def settings():
    with CONFIG.open("rb") as fh:
        cfg = tomllib.load(fh)
    test = cfg["instances"]["test"]
    if "prod" in test["name"] or not test["api"].startswith(("https://koha-test.internal", "http://localhost")):
        raise SystemExit("config/koha.toml [instances.test] must point at the test instance")
    return test


def dotenv():
    path = REPO / ".env"
    out = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if "=" in line and not line.startswith("#"):
                k, v = line.split("=", 1)
                out[k.strip()] = v.strip()
    return out


class KohaApi:
    def __init__(self, base, client_id, client_secret):
        self.base = base.rstrip("/")
        self.token = self._token(client_id, client_secret)

    def _token(self, cid, secret):
        body = urllib.parse.urlencode({"grant_type": "client_credentials", "client_id": cid, "client_secret": secret}).encode()
        req = urllib.request.Request(f"{self.base}/api/v1/oauth/token", data=body, method="POST")
        with urllib.request.urlopen(req, timeout=20.0) as resp:
            return json.load(resp)["access_token"]

    def find_by_isbn(self, isbn):
        query = json.dumps({"isbn": {"-like": f"%{isbn}%"}})
        url = f"{self.base}/api/v1/biblios?" + urllib.parse.urlencode({"q": query, "_per_page": 5})
        req = urllib.request.Request(url, headers={"Authorization": f"Bearer {self.token}", "Accept": "application/json"})
        with urllib.request.urlopen(req, timeout=20.0) as resp:
            return json.load(resp)


def normalise_isbn(raw):
    digits = re.sub(r"[^0-9Xx]", "", raw.split()[0] if raw else "")
    if len(digits) == 10:
        core = "978" + digits[:9]
        check = (10 - sum((1 if i % 2 == 0 else 3) * int(d) for i, d in enumerate(core)) % 10) % 10
        return core + str(check)
    return digits if len(digits) == 13 else None


def clean_record(rec, item_type):
    for field in rec.get_fields(*[str(t) for t in range(900, 1000)]):
        rec.remove_field(field)
    for field in rec.get_fields("020"):
        isbn = normalise_isbn(field.get("a", ""))
        if isbn:
            field["a"] = isbn
    rec.add_ordered_field(pymarc.Field(tag="942", indicators=[" ", " "],
                                       subfields=[pymarc.Subfield("c", item_type)]))
    return rec


def classify(api, rec):
    isbns = [f.get("a") for f in rec.get_fields("020") if f.get("a")]
    for isbn in isbns:
        hits = api.find_by_isbn(isbn)
        if hits:
            same_title = any((h.get("title") or "").lower().startswith((rec.title or "").lower()[:20]) for h in hits)
            return ("duplicate" if same_title else "update candidate"), hits[0].get("biblio_id")
    return "new", None


def vendor_stats(path):
    """Quick look at the raw vendor file before cleaning (leader types, 9xx use)."""
    types, local_fields, records = {}, 0, 0
    with path.open("rb") as fh:
        for rec in pymarc.MARCReader(fh, to_unicode=True, force_utf8=True, utf8_handling="replace"):
            if rec is None:
                continue
            records += 1
            rtype = rec.leader[6] if rec.leader else "?"
            types[rtype] = types.get(rtype, 0) + 1
            local_fields += len(rec.get_fields(*[str(t) for t in range(900, 1000)]))
    return {"records": records, "types": types, "local_9xx_fields": local_fields}


def summary_markdown(counts, stats, batch):
    lines = [f"# Preview of {batch.name}", ""]
    lines.append(f"- records in vendor file: {stats['records']}")
    lines.append(f"- record types (leader/06): {', '.join(f'{k}={v}' for k, v in sorted(stats['types'].items()))}")
    lines.append(f"- vendor 9xx fields removed: {stats['local_9xx_fields']}")
    for key, value in counts.items():
        lines.append(f"- {key}: {value}")
    return "\n".join(lines) + "\n"


def stage(test_cfg, clean_file):
    argv = [
        "koha-shell", test_cfg["name"], "-c",
        f"perl misc/stage_file.pl --file {clean_file} --match {test_cfg.get('matcher', 1)} --comment 'preview {clean_file.name}'",
    ]
    LOG.info("staging on test instance %s", test_cfg["name"])
    return subprocess.run(argv, check=False).returncode


def main():
    ap = argparse.ArgumentParser(description="preview a vendor MARC batch against Koha (test)")
    ap.add_argument("batch", type=Path)
    ap.add_argument("--item-type", default="BK")
    ap.add_argument("--stage", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    test_cfg = settings()
    env = {**dotenv(), **os.environ}
    api = KohaApi(test_cfg["api"], env["KOHA_TEST_CLIENT_ID"], env["KOHA_TEST_CLIENT_SECRET"])

    OUT.mkdir(parents=True, exist_ok=True)
    clean_file = OUT / f"{args.batch.stem}-clean.mrc"
    report_file = OUT / f"{args.batch.stem}-preview.csv"
    counts = {"new": 0, "duplicate": 0, "update candidate": 0, "unreadable": 0}
    buffer = io.BytesIO()
    rows = []
    with args.batch.open("rb") as fh:
        reader = pymarc.MARCReader(fh, to_unicode=True, force_utf8=True, utf8_handling="replace")
        for n, rec in enumerate(reader, 1):
            if rec is None:
                counts["unreadable"] += 1
                continue
            rec = clean_record(rec, args.item_type)
            status, biblio = classify(api, rec)
            counts[status] += 1
            rows.append({"n": n, "title": rec.title, "isbn": rec.isbn, "status": status, "existing_biblio": biblio})
            buffer.write(rec.as_marc())
    clean_file.write_bytes(buffer.getvalue())
    with report_file.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["n", "title", "isbn", "status", "existing_biblio"])
        writer.writeheader()
        writer.writerows(rows)
    LOG.info("preview: %s", ", ".join(f"{k} {v}" for k, v in counts.items()))
    (OUT / f"{args.batch.stem}-preview.md").write_text(summary_markdown(counts, vendor_stats(args.batch), args.batch))
    LOG.info("clean batch %s, report %s", clean_file.relative_to(REPO), report_file.name)
    if args.stage:
        return stage(test_cfg, clean_file)
    return 0


if __name__ == "__main__":
    sys.exit(main())
