#!/usr/bin/env python3
"""Reconcile the beancount ledger against the bank's monthly statement CSVs.

For each account in reconcile.toml this compares, per month, the closing
balance the bank reports (last row of statements/<account>/<yyyy-mm>.csv)
with the balance beancount computes, and writes balance assertions for the
months that agree into balances/<account>.beancount. Months that disagree
are listed with the transactions of that month so you can find the gap.

    python tools/reconcile.py                  report only
    python tools/reconcile.py --write          append missing balance assertions
    python tools/reconcile.py --month 2026-10  only one month

Reads and writes only files in this repository.
"""
import argparse
import csv
import datetime as dt
import decimal
import sys
import tomllib
from collections import defaultdict
from pathlib import Path

from beancount import loader
from beancount.core import data, realization

LEDGER = Path(__file__).resolve().parents[1]
MAIN = LEDGER / "main.beancount"
STATEMENTS = LEDGER / "statements"
BALANCES = LEDGER / "balances"
D = decimal.Decimal


def load_config() -> dict:
    with (LEDGER / "reconcile.toml").open("rb") as fh:
        cfg = tomllib.load(fh)
    for name, acct in cfg["accounts"].items():
        acct.setdefault("currency", "EUR")
        acct.setdefault("decimal_comma", True)
        acct.setdefault("delimiter", ";")
        acct.setdefault("balance_column", "Saldo")
        acct.setdefault("date_column", "Buchungstag")
        acct.setdefault("date_format", "%d.%m.%Y")
        acct["key"] = name
    return cfg


def parse_amount(text: str, decimal_comma: bool) -> D:
    cleaned = text.strip().replace("\u00a0", "").replace(" ", "")
    if decimal_comma:
        cleaned = cleaned.replace(".", "").replace(",", ".")  # 1.234,56 -> 1234.56
    return D(cleaned)


def statement_closings(acct: dict) -> dict[str, tuple[dt.date, D]]:
    folder = STATEMENTS / acct["key"]
    result = {}
    for path in sorted(folder.glob("*.csv")):
        with path.open(encoding=acct.get("encoding", "utf-8"), newline="") as fh:
            rows = list(csv.DictReader(fh, delimiter=acct["delimiter"]))
        dated = []
        for row in rows:
            try:
                day = dt.datetime.strptime(row[acct["date_column"]].strip(), acct["date_format"]).date()
                bal = parse_amount(row[acct["balance_column"]], acct["decimal_comma"])
            except (KeyError, ValueError, decimal.InvalidOperation):
                continue
            dated.append((day, bal))
        if dated:
            day, bal = max(dated, key=lambda t: t[0])
            result[path.stem] = (day, bal)
    return result


def ledger_balance(entries, account: str, currency: str, on: dt.date) -> D:
    """Balance of `account` at the start of `on` (beancount assertion semantics)."""
    upto = [e for e in entries if getattr(e, "date", on) < on]
    real = realization.realize(upto)
    node = realization.get(real, account)
    if node is None:
        return D(0)
    amount = realization.compute_balance(node).get_currency_units(currency)
    return amount.number or D(0)


def month_txns(entries, account: str, month: str) -> list[str]:
    lines = []
    for e in entries:
        if not isinstance(e, data.Transaction) or e.date.strftime("%Y-%m") != month:
            continue
        for p in e.postings:
            if p.account == account:
                lines.append(f"    {e.date} {p.units.number:>12} {e.payee or ''} {e.narration}")
    return lines


def existing_assertions(path: Path) -> set[str]:
    if not path.exists():
        return set()
    return {line.split()[0] for line in path.read_text().splitlines() if " balance " in line}


class Report:
    """Collects result rows; can write them as CSV for the yearly review."""

    HEADER = ("account", "month", "bank", "ledger", "difference")

    def __init__(self) -> None:
        self.rows: list[tuple] = []

    def add(self, key: str, month: str, bank: D, ours: D) -> None:
        self.rows.append((key, month, bank, ours, bank - ours))

    def worst(self, n: int = 5) -> list[tuple]:
        off = [r for r in self.rows if r[4] != 0]
        return sorted(off, key=lambda r: abs(r[4]), reverse=True)[:n]

    def write_csv(self, path: Path) -> None:
        path.parent.mkdir(exist_ok=True, parents=True)
        with path.open("w", newline="") as fh:
            writer = csv.writer(fh)
            writer.writerow(self.HEADER)
            writer.writerows(self.rows)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--month")
    parser.add_argument("--csv", type=Path, help="also write the table to this CSV (inside the repo)")
    args = parser.parse_args()
    report = Report()

    entries, errors, _options = loader.load_file(str(MAIN))
    if errors:
        print(f"{len(errors)} ledger error(s); fix them first (bean-check main.beancount)")
        return 2
    cfg = load_config()
    mismatches = 0
    to_write: dict[Path, list[str]] = defaultdict(list)
    for key, acct in cfg["accounts"].items():
        closings = statement_closings(acct)
        target = BALANCES / f"{key}.beancount"
        have = existing_assertions(target)
        for month, (day, bank_balance) in sorted(closings.items()):
            if args.month and month != args.month:
                continue
            check_day = day + dt.timedelta(days=1)
            ours = ledger_balance(entries, acct["account"], acct["currency"], check_day)
            diff = bank_balance - ours
            report.add(key, month, bank_balance, ours)
            status = "ok" if diff == 0 else f"OFF by {diff}"
            print(f"{key:<12} {month}  bank {bank_balance:>12}  ledger {ours:>12}  {status}")
            if diff != 0:
                mismatches += 1
                for line in month_txns(entries, acct["account"], month)[-15:]:
                    print(line)
            elif check_day.isoformat() not in have:
                to_write[target].append(
                    f"{check_day.isoformat()} balance {acct['account']} {bank_balance} {acct['currency']}"
                )

    if args.write:
        BALANCES.mkdir(exist_ok=True)
        for target, lines in to_write.items():
            with target.open("a") as fh:
                fh.write("\n".join(lines) + "\n")
            print(f"appended {len(lines)} assertion(s) to {target.relative_to(LEDGER)}")
            include = f'include "balances/{target.name}"'
            if include not in MAIN.read_text():
                with MAIN.open("a") as fh:
                    fh.write(f"\n{include}\n")
    elif to_write:
        print(f"{sum(map(len, to_write.values()))} assertion(s) could be added (--write)")
    if args.csv:
        target_csv = args.csv if args.csv.is_absolute() else LEDGER / args.csv
        report.write_csv(target_csv)
    for key, month, _bank, _ours, diff in report.worst():
        print(f"largest gap: {key} {month} {diff}")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
