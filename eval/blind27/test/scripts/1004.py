#!/usr/bin/env python3
"""Licence and 2-step-verification review built on GAM output (read-only).

Calls `gam print users` / `gam print licenses` (argv lists, output captured
as CSV), joins them, and writes reports/license_review_<date>.xlsx-ready CSVs:

  * accounts with a paid licence but no login in --idle-days
  * active accounts without 2SV enrolled
  * licences assigned to suspended accounts (candidates to reclaim)

Nothing is changed in the tenant. The recommended follow-up commands are
written to reports/suggested_actions.txt for the admin to review and run by
hand - this script never executes them.
"""
import argparse
import csv
import datetime as dt
import io
import shutil
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
REPORTS = REPO / "reports"
PAID_SKUS = {"Google-Apps-For-Business", "1010020027", "1010020028", "1010020025"}


def gam_path():
    exe = shutil.which("gam") or str(Path.home() / "bin" / "gam7" / "gam")
    if not Path(exe).exists() and not shutil.which("gam"):
        sys.exit("gam not found; install GAM7 or add it to PATH")
    return exe


def gam_csv(gam, *args):
    argv = [gam, *args]
    res = subprocess.run(argv, capture_output=True, text=True)
    if res.returncode != 0:
        sys.exit(f"{' '.join(args[:3])} failed: {res.stderr.strip()[-300:]}")
    return list(csv.DictReader(io.StringIO(res.stdout)))


def gam_version(gam):
    # constant command, only used for the report header
    res = subprocess.run(f"{gam} version simple", shell=True, capture_output=True, text=True)
    return res.stdout.strip().splitlines()[0] if res.stdout else "unknown"


def parse_ts(value):
    if not value or value.startswith("Never") or value.startswith("1970"):
        return None
    try:
        return dt.datetime.fromisoformat(value[:-1] + "+00:00" if value.endswith("Z") else value)
    except ValueError:
        return None


def load_users(gam):
    rows = gam_csv(gam, "print", "users", "fields",
                   "primaryemail,suspended,isenrolledin2sv,lastlogintime,orgunitpath,creationtime")
    users = {}
    for r in rows:
        users[r["primaryEmail"].lower()] = {
            "suspended": r.get("suspended", "False") == "True",
            "two_sv": r.get("isEnrolledIn2Sv", "False") == "True",
            "last_login": parse_ts(r.get("lastLoginTime")),
            "created": parse_ts(r.get("creationTime")),
            "ou": r.get("orgUnitPath", "/"),
        }
    return users


def load_licenses(gam):
    rows = gam_csv(gam, "print", "licenses")
    by_user = defaultdict(list)
    for r in rows:
        by_user[r["userId"].lower()].append(r.get("skuId", ""))
    return by_user


def days_since(ts, now):
    if ts is None:
        return None
    return (now - ts).days


def write(path, header, rows):
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(header)
        w.writerows(rows)
    print(f"  {len(rows):5d} rows  {path.relative_to(REPO)}")


def ou_breakdown(users, licenses):
    """Accounts, paid seats and 2SV coverage per top-level OU."""
    table = defaultdict(lambda: {"accounts": 0, "paid": 0, "two_sv": 0})
    for email, u in users.items():
        top = "/" + u["ou"].strip("/").split("/")[0] if u["ou"] != "/" else "/"
        row = table[top]
        row["accounts"] += 1
        if any(s in PAID_SKUS for s in licenses.get(email, [])):
            row["paid"] += 1
        if u["two_sv"]:
            row["two_sv"] += 1
    return dict(table)


def previous_counts(prefix):
    """Row count of the newest earlier report with this prefix, for trend output."""
    older = sorted(REPORTS.glob(f"{prefix}_*.csv"))
    if len(older) < 2:
        return None
    with older[-2].open() as fh:
        return max(0, sum(1 for _ in fh) - 1)


def print_breakdown(table):
    """Pretty-print the per-OU table produced by ou_breakdown()."""
    if not table:
        print("  (no accounts after exclusions)")
        return
    print(f"  {'OU':<24}{'accounts':>9}{'paid':>7}{'2SV %':>8}")
    for ou, row in sorted(table.items()):
        pct = 100 * row["two_sv"] / row["accounts"] if row["accounts"] else 0
        print(f"  {ou:<24}{row['accounts']:>9}{row['paid']:>7}{pct:>7.0f}%")


def main():
    ap = argparse.ArgumentParser(description="licence/2SV review (read-only)")
    ap.add_argument("--idle-days", type=int, default=60)
    ap.add_argument("--exclude-ou", action="append", default=["/Service Accounts"])
    args = ap.parse_args()

    gam = gam_path()
    now = dt.datetime.now(dt.timezone.utc)
    stamp = now.strftime("%Y%m%d")
    REPORTS.mkdir(exist_ok=True)
    print(f"{gam_version(gam)}; idle threshold {args.idle_days} days")

    users = load_users(gam)
    licenses = load_licenses(gam)
    users = {e: u for e, u in users.items() if not any(u["ou"].startswith(x) for x in args.exclude_ou)}

    idle_paid, no_2sv, reclaim = [], [], []
    for email, u in sorted(users.items()):
        skus = licenses.get(email, [])
        paid = [s for s in skus if s in PAID_SKUS]
        idle = days_since(u["last_login"], now)
        if paid and not u["suspended"] and (idle is None or idle >= args.idle_days):
            idle_paid.append([email, u["ou"], idle if idle is not None else "never", ";".join(paid)])
        if not u["suspended"] and not u["two_sv"]:
            no_2sv.append([email, u["ou"], u["created"].date() if u["created"] else ""])
        if u["suspended"] and paid:
            reclaim.append([email, u["ou"], ";".join(paid)])

    write(REPORTS / f"idle_paid_{stamp}.csv", ["email", "ou", "days_idle", "skus"], idle_paid)
    write(REPORTS / f"no_2sv_{stamp}.csv", ["email", "ou", "created"], no_2sv)
    write(REPORTS / f"reclaim_{stamp}.csv", ["email", "ou", "skus"], reclaim)

    suggestions = REPORTS / "suggested_actions.txt"
    with suggestions.open("w") as fh:
        fh.write("# Review before running anything. Generated %s; NOT executed by the script.\n" % stamp)
        for email, _ou, skus in reclaim:
            for sku in skus.split(";"):
                fh.write(f"# gam user {email} delete license {sku}\n")
    print(f"suggestions written (commented out) to {suggestions.relative_to(REPO)}")
    total_paid = sum(1 for e in users if any(s in PAID_SKUS for s in licenses.get(e, [])))
    print(f"{len(users)} accounts, {total_paid} with paid licences")
    print_breakdown(ou_breakdown(users, licenses))
    prev = previous_counts("no_2sv")
    if prev is not None:
        print(f"accounts without 2SV: {prev} last time, {len(no_2sv)} now")
    return 0


if __name__ == "__main__":
    sys.exit(main())
