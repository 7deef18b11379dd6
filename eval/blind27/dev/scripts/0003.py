#!/usr/bin/env python3
"""Quarterly Google Workspace account audit (read-only).

Lists every user through the Admin SDK Directory API with the service account
configured in .env (GOOGLE_SA_FILE, GOOGLE_ADMIN_SUBJECT) and writes:
  reports/users_<date>.csv        one row per account
  reports/stale_<date>.csv        accounts with no login for --stale-days
  reports/admins_<date>.csv       super admins and delegated admins
Nothing is modified in the tenant: the script only requests readonly scopes.
Suspensions are done by a human in the admin console after review.
"""
from __future__ import annotations

import argparse
import csv
import datetime as dt
import json
import os
import sys
import time
from dataclasses import dataclass, asdict
from pathlib import Path

import requests
from google.auth.transport.requests import Request
from google.oauth2 import service_account

ROOT = Path(__file__).resolve().parents[1]
REPORTS = ROOT / "reports"
SCOPES = [
    "https://www.googleapis.com/auth/admin.directory.user.readonly",
    "https://www.googleapis.com/auth/admin.directory.rolemanagement.readonly",
]
DIRECTORY = "https://admin.googleapis.com/admin/directory/v1"


@dataclass
class UserRow:
    email: str
    name: str
    org_unit: str
    suspended: bool
    is_admin: bool
    is_delegated_admin: bool
    two_sv: bool
    last_login: str
    created: str
    days_idle: int


def read_env(path: Path) -> dict[str, str]:
    env: dict[str, str] = {}
    if path.is_file():
        for line in path.read_text().splitlines():
            line = line.strip()
            if line and not line.startswith("#") and "=" in line:
                k, v = line.split("=", 1)
                env[k.strip()] = v.strip().strip('"')
    env.update({k: v for k, v in os.environ.items() if k.startswith("GOOGLE_")})
    return env


def credentials(env: dict[str, str]):
    sa_file = env.get("GOOGLE_SA_FILE")
    subject = env.get("GOOGLE_ADMIN_SUBJECT")
    if not sa_file or not subject:
        sys.exit("set GOOGLE_SA_FILE and GOOGLE_ADMIN_SUBJECT in .env")
    sa_path = (ROOT / sa_file).resolve() if not os.path.isabs(sa_file) else Path(sa_file)
    if not sa_path.exists():
        sys.exit(f"service account file not found: {sa_path}")
    creds = service_account.Credentials.from_service_account_file(
        str(sa_path), scopes=SCOPES, subject=subject)
    creds.refresh(Request())
    return creds


class Directory:
    def __init__(self, creds, customer: str = "my_customer"):
        self.creds = creds
        self.customer = customer
        self.session = requests.Session()

    def _headers(self) -> dict[str, str]:
        if not self.creds.valid:
            self.creds.refresh(Request())
        return {"Authorization": f"Bearer {self.creds.token}", "Accept": "application/json"}

    def _get(self, path: str, params: dict) -> dict:
        for attempt in range(5):
            resp = self.session.get(f"{DIRECTORY}{path}", headers=self._headers(),
                                    params=params, timeout=30)
            if resp.status_code in (429, 500, 503):
                wait = 2 ** attempt
                print(f"  {resp.status_code} from Directory API, backing off {wait}s", file=sys.stderr)
                time.sleep(wait)
                continue
            resp.raise_for_status()
            return resp.json()
        resp.raise_for_status()
        return {}

    def users(self, query: str | None):
        params = {"customer": self.customer, "maxResults": 500, "projection": "full",
                  "orderBy": "email"}
        if query:
            params["query"] = query
        while True:
            page = self._get("/users", params)
            yield from page.get("users", [])
            token = page.get("nextPageToken")
            if not token:
                break
            params["pageToken"] = token


def parse_time(value: str | None) -> dt.datetime | None:
    if not value or value.startswith("1970"):
        return None
    return dt.datetime.fromisoformat(value.replace("Z", "+00:00"))


def to_row(user: dict, now: dt.datetime) -> UserRow:
    last = parse_time(user.get("lastLoginTime"))
    created = parse_time(user.get("creationTime"))
    idle = (now - (last or created or now)).days
    return UserRow(
        email=user["primaryEmail"],
        name=user.get("name", {}).get("fullName", ""),
        org_unit=user.get("orgUnitPath", "/"),
        suspended=bool(user.get("suspended")),
        is_admin=bool(user.get("isAdmin")),
        is_delegated_admin=bool(user.get("isDelegatedAdmin")),
        two_sv=bool(user.get("isEnrolledIn2Sv")),
        last_login=last.date().isoformat() if last else "never",
        created=created.date().isoformat() if created else "",
        days_idle=idle,
    )


def write_csv(path: Path, rows: list[UserRow]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fields = list(UserRow.__dataclass_fields__)
    with path.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields)
        w.writeheader()
        for r in rows:
            w.writerow(asdict(r))
    print(f"  wrote {len(rows):5d} rows -> {path.relative_to(ROOT)}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--query", help="Directory API query, e.g. orgUnitPath=/Engineering")
    ap.add_argument("--stale-days", type=int, default=90)
    ap.add_argument("--json", action="store_true", help="also dump raw rows as JSON")
    args = ap.parse_args()

    env = read_env(ROOT / ".env")
    creds = credentials(env)
    print(f"auditing as {env['GOOGLE_ADMIN_SUBJECT']} (read-only scopes)")
    directory = Directory(creds, env.get("GOOGLE_CUSTOMER_ID", "my_customer"))
    now = dt.datetime.now(dt.timezone.utc)
    rows = [to_row(u, now) for u in directory.users(args.query)]
    if not rows:
        print("no users returned; check the query and delegation", file=sys.stderr)
        return 1

    stamp = now.strftime("%Y%m%d")
    write_csv(REPORTS / f"users_{stamp}.csv", rows)
    stale = [r for r in rows if not r.suspended and r.days_idle >= args.stale_days]
    write_csv(REPORTS / f"stale_{stamp}.csv", stale)
    admins = [r for r in rows if r.is_admin or r.is_delegated_admin]
    write_csv(REPORTS / f"admins_{stamp}.csv", admins)
    if args.json:
        (REPORTS / f"users_{stamp}.json").write_text(json.dumps([asdict(r) for r in rows], indent=1))

    no_2sv = sum(1 for r in rows if not r.two_sv and not r.suspended)
    print(f"{len(rows)} users, {len(stale)} stale (>{args.stale_days}d), "
          f"{len(admins)} admins, {no_2sv} active without 2SV")
    print("review the stale list before suspending anything in the admin console")
    return 0


if __name__ == "__main__":
    sys.exit(main())
