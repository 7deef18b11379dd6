#!/usr/bin/env python3
"""Export validated customer invoices from the local Dolibarr for the auditors.

Talks to the Dolibarr REST API of the development instance
(``DOLIBARR_URL``, default http://localhost:8088/api/index.php) with the
``DOLAPIKEY`` header taken from .env.  Produces, per fiscal month:

* ``exports/dolibarr/<YYYY-MM>/invoices.csv`` – one line per invoice
* ``exports/dolibarr/<YYYY-MM>/lines.csv`` – one line per invoice line
* ``exports/dolibarr/<YYYY-MM>/pdf/`` – the generated PDFs (base64 from the
  documents endpoint, decoded and written as files)

The target folder of a month is rebuilt from scratch on every run (it is ours);
use ``--keep`` to leave an existing month untouched.
"""
from __future__ import annotations

import argparse
import base64
import csv
import json
import logging
import os
import shutil
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from datetime import date, datetime, timezone
from pathlib import Path

LOG = logging.getLogger("dolibarr-export")
REPO = Path(__file__).resolve().parents[1]
EXPORT_BASE = REPO / "exports" / "dolibarr"
LOCAL_HOSTS = {"localhost", "127.0.0.1", "dolibarr.localhost"}
STATUS_VALIDATED = 1
STATUS_PAID = 2


def env_from_file(path: Path) -> dict[str, str]:
    data: dict[str, str] = {}
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return data
    for line in lines:
        if line.lstrip().startswith("#") or "=" not in line:
            continue
        key, value = line.split("=", 1)
        data[key.strip()] = value.strip().strip("'\"")
    return data


class Dolibarr:
    def __init__(self, base_url: str, api_key: str) -> None:
        host = urllib.parse.urlsplit(base_url).hostname or ""
        if host not in LOCAL_HOSTS:
            raise SystemExit(f"DOLIBARR_URL points to {host!r}; this exporter only reads the local instance")
        self.base = base_url.rstrip("/")
        self.key = api_key

    def _get(self, route: str, **params) -> object:
        query = urllib.parse.urlencode({k: v for k, v in params.items() if v is not None})
        url = f"{self.base}/{route.lstrip('/')}" + (f"?{query}" if query else "")
        request = urllib.request.Request(url, headers={"DOLAPIKEY": self.key, "Accept": "application/json"})
        pause = 0.5
        for attempt in range(1, 6):
            try:
                with urllib.request.urlopen(request, timeout=30) as resp:
                    return json.loads(resp.read().decode("utf-8"))
            except urllib.error.HTTPError as exc:
                if exc.code == 404:
                    return []
                if exc.code < 500 or attempt == 5:
                    raise
            except urllib.error.URLError:
                if attempt == 5:
                    raise
            LOG.warning("retrying %s in %.1fs", route, pause)
            time.sleep(pause)
            pause *= 2
        return []

    def invoices(self, month: str) -> list[dict]:
        start = datetime.strptime(month + "-01", "%Y-%m-%d")
        nxt = date(start.year + (start.month == 12), start.month % 12 + 1, 1)
        sql = f"(t.datef:>=:'{start:%Y-%m-%d}') and (t.datef:<:'{nxt:%Y-%m-%d}')"
        found: list[dict] = []
        page = 0
        while True:
            batch = self._get("invoices", sortfield="t.rowid", limit=100, page=page, sqlfilters=sql)
            if not isinstance(batch, list) or not batch:
                return found
            found.extend(batch)
            page += 1

    def thirdparty(self, socid: str, cache: dict[str, dict]) -> dict:
        if socid not in cache:
            result = self._get(f"thirdparties/{socid}")
            cache[socid] = result if isinstance(result, dict) else {}
        return cache[socid]

    def pdf(self, ref: str) -> bytes | None:
        result = self._get("documents/download", modulepart="facture", original_file=f"{ref}/{ref}.pdf")
        if isinstance(result, dict) and result.get("content"):
            return base64.b64decode(result["content"])
        return None


def ts_to_date(value) -> str:
    if not value:
        return ""
    return datetime.fromtimestamp(int(value), tz=timezone.utc).strftime("%Y-%m-%d")


def write_rows(path: Path, header: list[str], rows: list[dict]) -> None:
    tmp = path.with_name(path.name + ".part")
    with tmp.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=header, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)
    os.replace(tmp, path)


def prepare_month_dir(month: str, keep: bool) -> Path | None:
    target = EXPORT_BASE / month
    if target.exists():
        if keep:
            LOG.info("%s exists, --keep given: skipping", target.relative_to(REPO))
            return None
        if target.resolve().parent != EXPORT_BASE.resolve():
            raise SystemExit(f"unexpected export path {target}")
        shutil.rmtree(target)
    (target / "pdf").mkdir(parents=True)
    return target


def export_month(api: Dolibarr, month: str, keep: bool, with_pdf: bool) -> int:
    target = prepare_month_dir(month, keep)
    if target is None:
        return 0
    customers: dict[str, dict] = {}
    head_rows, line_rows = [], []
    for inv in api.invoices(month):
        if int(inv.get("statut") or inv.get("status") or 0) not in (STATUS_VALIDATED, STATUS_PAID):
            continue
        soc = api.thirdparty(str(inv.get("socid")), customers)
        head_rows.append({
            "ref": inv.get("ref"),
            "date": ts_to_date(inv.get("date")),
            "due": ts_to_date(inv.get("date_lim_reglement")),
            "customer": soc.get("name", ""),
            "vat_number": soc.get("tva_intra", ""),
            "total_ht": inv.get("total_ht"),
            "total_tva": inv.get("total_tva"),
            "total_ttc": inv.get("total_ttc"),
            "paid": "yes" if int(inv.get("paye") or 0) else "no",
        })
        for n, line in enumerate(inv.get("lines") or [], 1):
            line_rows.append({
                "ref": inv.get("ref"),
                "line": n,
                "product": line.get("product_ref") or "",
                "label": (line.get("product_label") or line.get("desc") or "")[:120],
                "qty": line.get("qty"),
                "unit_price": line.get("subprice"),
                "vat_rate": line.get("tva_tx"),
                "total_ht": line.get("total_ht"),
            })
        if with_pdf:
            blob = api.pdf(inv["ref"])
            if blob:
                (target / "pdf" / f"{inv['ref']}.pdf").write_bytes(blob)
    write_rows(target / "invoices.csv", ["ref", "date", "due", "customer", "vat_number", "total_ht", "total_tva", "total_ttc", "paid"], head_rows)
    write_rows(target / "lines.csv", ["ref", "line", "product", "label", "qty", "unit_price", "vat_rate", "total_ht"], line_rows)
    LOG.info("%s: %d invoices, %d lines", month, len(head_rows), len(line_rows))
    return len(head_rows)


def months_between(first: str, last: str) -> list[str]:
    y, m = map(int, first.split("-"))
    ly, lm = map(int, last.split("-"))
    out = []
    while (y, m) <= (ly, lm):
        out.append(f"{y:04d}-{m:02d}")
        y, m = (y + 1, 1) if m == 12 else (y, m + 1)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description="Dolibarr invoice export for auditors")
    parser.add_argument("first_month", help="YYYY-MM")
    parser.add_argument("last_month", nargs="?", help="YYYY-MM (defaults to first_month)")
    parser.add_argument("--keep", action="store_true", help="do not rebuild months that already exist")
    parser.add_argument("--no-pdf", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    opts = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if opts.verbose else logging.INFO, format="%(levelname)s %(message)s")

    settings = {**env_from_file(REPO / ".env"), **os.environ}
    key = settings.get("DOLIBARR_API_KEY")
    if not key:
        LOG.error("DOLIBARR_API_KEY missing in .env")
        return 2
    api = Dolibarr(settings.get("DOLIBARR_URL", "http://localhost:8088/api/index.php"), key)
    total = 0
    for month in months_between(opts.first_month, opts.last_month or opts.first_month):
        total += export_month(api, month, opts.keep, not opts.no_pdf)
    LOG.info("done: %d invoices exported under %s", total, EXPORT_BASE.relative_to(REPO))
    return 0


if __name__ == "__main__":
    sys.exit(main())
