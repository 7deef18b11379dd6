#!/usr/bin/env python3
"""Quarterly fundraising report from the CiviCRM dev/staging site.

Pulls contributions, recurring pledges and campaign totals through `cv api4`
(run inside the site's docroot) and writes aggregate CSVs into reports/civi/.
Donor-level rows are only written with --donor-rows, and then with the email
hashed and the name reduced to initials, because reports/ is shared with the
board.

Configuration lives in config/civi-report.ini:

    [site]
    docroot = ../civi-site/web
    cv = vendor/bin/cv
    [report]
    financial_types = Donation,Member Dues
"""
from __future__ import annotations

import argparse
import configparser
import csv
import datetime as dt
import hashlib
import json
import shlex
import subprocess
import sys
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "config" / "civi-report.ini"
OUT = ROOT / "reports" / "civi"


def quarter_bounds(label: str) -> tuple[dt.date, dt.date]:
    year, q = label.split("-Q")
    start_month = (int(q) - 1) * 3 + 1
    start = dt.date(int(year), start_month, 1)
    end_month = start_month + 3
    end = dt.date(int(year) + (end_month > 12), (end_month - 1) % 12 + 1, 1)
    return start, end


def current_quarter() -> str:
    today = dt.date.today()
    return f"{today.year}-Q{(today.month - 1) // 3 + 1}"


class Cv:
    """Thin wrapper around `cv api4` that always returns parsed JSON."""

    def __init__(self, cv_bin: str, docroot: Path):
        self.cv_bin = cv_bin
        self.docroot = docroot
        self.calls = 0

    def api4(self, entity_action: str, params: dict) -> list[dict]:
        argv = [*shlex.split(self.cv_bin), "api4", entity_action, "--in=json", "--out=json"]
        proc = subprocess.run(argv, cwd=self.docroot, input=json.dumps(params),
                              capture_output=True, text=True)
        self.calls += 1
        if proc.returncode != 0:
            raise RuntimeError(f"cv api4 {entity_action} failed: {proc.stderr.strip()[:400]}")
        data = json.loads(proc.stdout or "[]")
        return data if isinstance(data, list) else data.get("values", [])

    def site_url(self) -> str:
        proc = subprocess.run([*shlex.split(self.cv_bin), "url"], cwd=self.docroot,
                              capture_output=True, text=True)
        return proc.stdout.strip()


def hashed(email: str | None) -> str:
    if not email:
        return ""
    return hashlib.sha256(email.strip().lower().encode()).hexdigest()[:16]


def initials(name: str | None) -> str:
    return "".join(part[0].upper() + "." for part in (name or "").split() if part)


def fetch_contributions(cv: Cv, start: dt.date, end: dt.date, types: list[str]) -> list[dict]:
    params = {
        "select": ["id", "contact_id", "total_amount", "currency", "receive_date",
                   "financial_type_id:label", "campaign_id:label", "contact_id.display_name",
                   "contact_id.email_primary.email", "contribution_recur_id"],
        "where": [
            ["receive_date", ">=", start.isoformat()],
            ["receive_date", "<", end.isoformat()],
            ["contribution_status_id:name", "=", "Completed"],
            ["financial_type_id:label", "IN", types],
            ["is_test", "=", False],
        ],
        "orderBy": {"receive_date": "ASC"},
        "limit": 0,
    }
    return cv.api4("Contribution.get", params)


def aggregate(rows: list[dict]) -> dict:
    by_campaign: dict[str, Decimal] = defaultdict(Decimal)
    by_type: dict[str, Decimal] = defaultdict(Decimal)
    by_month: dict[str, Decimal] = defaultdict(Decimal)
    donors: set[int] = set()
    recurring = Decimal(0)
    for row in rows:
        amount = Decimal(str(row["total_amount"]))
        by_campaign[row.get("campaign_id:label") or "(none)"] += amount
        by_type[row["financial_type_id:label"]] += amount
        by_month[row["receive_date"][:7]] += amount
        donors.add(row["contact_id"])
        if row.get("contribution_recur_id"):
            recurring += amount
    total = sum(by_type.values(), Decimal(0))
    return {
        "total": total,
        "donors": len(donors),
        "gifts": len(rows),
        "average_gift": (total / len(rows)).quantize(Decimal("0.01")) if rows else Decimal(0),
        "recurring_share": (recurring / total).quantize(Decimal("0.001")) if total else Decimal(0),
        "by_campaign": dict(sorted(by_campaign.items(), key=lambda kv: kv[1], reverse=True)),
        "by_type": dict(by_type),
        "by_month": dict(sorted(by_month.items())),
    }


def write_csv(path: Path, header: list[str], rows: list[list]) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    with tmp.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(header)
        writer.writerows(rows)
    tmp.replace(path)


def write_outputs(label: str, agg: dict, rows: list[dict], donor_rows: bool) -> list[Path]:
    target = OUT / label
    target.mkdir(parents=True, exist_ok=True)
    written = []
    p = target / "by_campaign.csv"
    write_csv(p, ["campaign", "amount"], [[k, str(v)] for k, v in agg["by_campaign"].items()])
    written.append(p)
    p = target / "by_month.csv"
    write_csv(p, ["month", "amount"], [[k, str(v)] for k, v in agg["by_month"].items()])
    written.append(p)
    if donor_rows:
        p = target / "gifts_pseudonymised.csv"
        write_csv(p, ["gift_id", "donor", "email_hash", "date", "amount", "campaign"], [
            [r["id"], initials(r.get("contact_id.display_name")), hashed(r.get("contact_id.email_primary.email")),
             r["receive_date"][:10], r["total_amount"], r.get("campaign_id:label") or ""]
            for r in rows
        ])
        written.append(p)
    summary = {k: (str(v) if isinstance(v, Decimal) else v) for k, v in agg.items()
               if not isinstance(v, dict)}
    p = target / "summary.json"
    p.write_text(json.dumps(summary, indent=2))
    written.append(p)
    return written


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quarter", default=current_quarter(), help="e.g. 2024-Q2")
    ap.add_argument("--donor-rows", action="store_true")
    ap.add_argument("--config", default=str(CONFIG))
    args = ap.parse_args(argv)

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        print(f"missing {args.config}", file=sys.stderr)
        return 2
    docroot = (ROOT / cfg.get("site", "docroot")).resolve()
    cv = Cv(cfg.get("site", "cv", fallback="cv"), docroot)
    url = cv.site_url()
    if not any(h in url for h in ("localhost", ".internal", ".test")):
        print(f"site {url} does not look like dev/staging; this report runs against copies only",
              file=sys.stderr)
        return 2
    types = [t.strip() for t in cfg.get("report", "financial_types").split(",")]
    start, end = quarter_bounds(args.quarter)
    rows = fetch_contributions(cv, start, end, types)
    agg = aggregate(rows)
    files = write_outputs(args.quarter, agg, rows, args.donor_rows)
    print(f"{args.quarter}: {agg['gifts']} gifts from {agg['donors']} donors, total {agg['total']} "
          f"({cv.calls} cv calls)")
    for f in files:
        print(f"  wrote {f.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
