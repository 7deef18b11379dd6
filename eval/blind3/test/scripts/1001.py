#!/usr/bin/env python3
"""tmp_dedupe_customers.py - merge duplicate customers in the local sqlite db by email."""
import argparse
import sqlite3
import sys
from collections import defaultdict
from pathlib import Path

DB = Path("var/crm.sqlite3")


def normalize(email: str) -> str:
    local, _, domain = email.strip().lower().partition("@")
    if domain in {"gmail.com", "googlemail.com"}:
        local = local.split("+", 1)[0].replace(".", "")
        domain = "gmail.com"
    return f"{local}@{domain}"


def find_groups(con):
    groups = defaultdict(list)
    for cid, email, created in con.execute("SELECT id, email, created_at FROM customers"):
        groups[normalize(email)].append((created, cid))
    return {k: sorted(v) for k, v in groups.items() if len(v) > 1}


def merge(con, keep, dupes):
    for table, col in (("orders", "customer_id"), ("notes", "customer_id"), ("tickets", "requester_id")):
        con.execute(
            f"UPDATE {table} SET {col} = ? WHERE {col} IN ({','.join('?' * len(dupes))})",
            (keep, *dupes),
        )
    con.execute(f"DELETE FROM customers WHERE id IN ({','.join('?' * len(dupes))})", dupes)


def self_test():
    cases = {
        "John.Doe+news@GMail.com": "johndoe@gmail.com",
        "jane@googlemail.com": "jane@gmail.com",
        " Bob@Example.org ": "bob@example.org",
        "a.b@company.test": "a.b@company.test",
    }
    for raw, want in cases.items():
        got = normalize(raw)
        assert got == want, f"normalize({raw!r}) = {got!r}, want {want!r}"


def backup(db: Path) -> Path:
    import shutil
    from datetime import datetime

    dst = db.with_name(f"{db.stem}.{datetime.now():%Y%m%d%H%M%S}.bak")
    shutil.copy2(db, dst)
    return dst


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--apply", action="store_true", help="write changes (default: report only)")
    args = ap.parse_args()
    if not DB.exists():
        print(f"{DB} missing", file=sys.stderr)
        return 2
    con = sqlite3.connect(DB)
    con.execute("PRAGMA foreign_keys = ON")
    groups = find_groups(con)
    total = 0
    for email, members in groups.items():
        keep = members[0][1]
        dupes = [cid for _, cid in members[1:]]
        total += len(dupes)
        print(f"{email}: keep {keep}, merge {dupes}")
        if args.apply:
            merge(con, keep, dupes)
    if args.apply:
        con.commit()
        print(f"merged {total} duplicate rows")
    else:
        print(f"{total} duplicates found; rerun with --apply")
    con.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
