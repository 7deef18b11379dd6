#!/usr/bin/env python3
"""Import bank CSV exports into the hledger journal.

Reads imports/<bank>/*.csv (downloaded by hand from online banking),
applies the categorisation rules in imports/rules.yaml, de-duplicates
against what is already in journal/<year>.journal and appends new
transactions. Processed CSVs move to imports/<bank>/done/.

    tools/import_bank.py                 # preview
    tools/import_bank.py --write         # append to the journal
    tools/import_bank.py --write --check # and run hledger check afterwards

Everything stays inside this repository; the journal is private.
"""
import argparse
import csv
import dataclasses
import datetime as dt
import decimal
import hashlib
import io
import re
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

BOOKS = Path(__file__).resolve().parents[1]
IMPORTS = BOOKS / "imports"
JOURNAL_DIR = BOOKS / "journal"
RULES = IMPORTS / "rules.yaml"
ID_TAG = "csvid"

BANK_FORMATS = {
    "girokonto": {"date": "Buchungstag", "date_fmt": "%d.%m.%Y", "amount": "Betrag",
                  "payee": "Beguenstigter/Zahlungspflichtiger", "memo": "Verwendungszweck",
                  "decimal": ",", "encoding": "latin-1", "delimiter": ";",
                  "account": "assets:bank:giro"},
    "creditcard": {"date": "Transaction Date", "date_fmt": "%Y-%m-%d", "amount": "Amount",
                   "payee": "Description", "memo": "Category", "decimal": ".",
                   "encoding": "utf-8-sig", "delimiter": ",",
                   "account": "liabilities:creditcard"},
}


@dataclasses.dataclass(frozen=True)
class Txn:
    date: dt.date
    payee: str
    memo: str
    amount: decimal.Decimal
    account: str
    counter: str
    uid: str

    def render(self, currency="EUR"):
        payee = self.payee.replace(";", ",")
        lines = [f"{self.date:%Y-%m-%d} {payee}  ; {ID_TAG}:{self.uid}"]
        if self.memo:
            lines.append(f"    ; {self.memo[:120]}")
        lines.append(f"    {self.counter:<40} {-self.amount:>12} {currency}")
        lines.append(f"    {self.account}")
        return "\n".join(lines) + "\n"


def load_rules():
    if not RULES.exists():
        return []
    raw = yaml.safe_load(RULES.read_text()) or []
    compiled = []
    for item in raw:
        compiled.append((re.compile(item["match"], re.I), item["account"]))
    return compiled


def categorise(rules, payee, memo):
    text = f"{payee} {memo}"
    for pattern, account in rules:
        if pattern.search(text):
            return account
    return "expenses:unknown"


def parse_amount(raw, dec_sep):
    cleaned = raw.strip().replace("\u00a0", "").replace(" ", "")
    if dec_sep == ",":
        cleaned = cleaned.replace(".", "").replace(",", ".")
    else:
        cleaned = cleaned.replace(",", "")
    return decimal.Decimal(cleaned)


def row_uid(bank, row):
    joined = "|".join(f"{k}={row[k]}" for k in sorted(row))
    return hashlib.sha1(f"{bank}|{joined}".encode()).hexdigest()[:12]


def read_csv(path, fmt):
    text = path.read_text(encoding=fmt["encoding"])
    # some banks prepend a preamble; skip to the header row
    start = text.find(fmt["date"])
    if start < 0:
        raise ValueError(f"{path.name}: header {fmt['date']!r} not found")
    line_start = text.rfind("\n", 0, start) + 1
    reader = csv.DictReader(io.StringIO(text[line_start:]), delimiter=fmt["delimiter"])
    return [r for r in reader if r.get(fmt["date"])]


def existing_ids(year):
    journal = JOURNAL_DIR / f"{year}.journal"
    if not journal.exists():
        return set()
    return set(re.findall(rf"{ID_TAG}:([0-9a-f]{{12}})", journal.read_text()))


def convert(bank, path, rules):
    fmt = BANK_FORMATS[bank]
    out = []
    for row in read_csv(path, fmt):
        date = dt.datetime.strptime(row[fmt["date"]].strip(), fmt["date_fmt"]).date()
        amount = parse_amount(row[fmt["amount"]], fmt["decimal"])
        payee = " ".join(row.get(fmt["payee"], "").split()) or "unknown"
        memo = " ".join(row.get(fmt["memo"], "").split())
        counter = categorise(rules, payee, memo)
        if amount > 0 and counter == "expenses:unknown":
            counter = "income:unknown"
        out.append(Txn(date, payee, memo, amount, fmt["account"], counter, row_uid(bank, row)))
    return out


def append(txns, dry_run):
    by_year = {}
    for t in txns:
        by_year.setdefault(t.date.year, []).append(t)
    added = 0
    for year, items in sorted(by_year.items()):
        seen = existing_ids(year)
        fresh = [t for t in sorted(items, key=lambda t: t.date) if t.uid not in seen]
        if not fresh:
            continue
        chunk = "\n".join(t.render() for t in fresh)
        if dry_run:
            print(f"--- would append {len(fresh)} to journal/{year}.journal")
            print(chunk[:2000])
        else:
            JOURNAL_DIR.mkdir(exist_ok=True)
            with (JOURNAL_DIR / f"{year}.journal").open("a", encoding="utf-8") as fh:
                fh.write("\n" + chunk)
        added += len(fresh)
    return added


def hledger_check(years):
    for year in sorted(years):
        journal = JOURNAL_DIR / f"{year}.journal"
        subprocess.run(["hledger", "-f", str(journal), "check", "--strict"], check=True)
        subprocess.run(["hledger", "-f", str(journal), "balance", "assets", "liabilities",
                        "--depth", "2"], check=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--bank", choices=sorted(BANK_FORMATS))
    args = ap.parse_args()
    rules = load_rules()
    total, years, processed = 0, set(), []
    for bank in [args.bank] if args.bank else sorted(BANK_FORMATS):
        folder = IMPORTS / bank
        for path in sorted(folder.glob("*.csv")):
            try:
                txns = convert(bank, path, rules)
            except (ValueError, KeyError, decimal.InvalidOperation) as exc:
                print(f"skip {path.relative_to(BOOKS)}: {exc}")
                continue
            years |= {t.date.year for t in txns}
            n = append(txns, dry_run=not args.write)
            print(f"{path.relative_to(BOOKS)}: {len(txns)} rows, {n} new")
            total += n
            processed.append(path)
    if args.write:
        for path in processed:
            done = path.parent / "done"
            done.mkdir(exist_ok=True)
            shutil.move(str(path), done / path.name)
        if args.check and years:
            hledger_check(years)
    print(f"{total} new transactions" + ("" if args.write else " (preview; use --write)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
