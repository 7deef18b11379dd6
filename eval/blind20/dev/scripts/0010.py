#!/usr/bin/env python3
"""Export anonymised analytics extracts from the local DuckDB file.

Reads data/dev.duckdb (built by `make warehouse`) and writes parquet/csv files
into exports/<date>/ for the notebook team. Emails and IPs are hashed with a
per-export salt; the salt itself is stored next to the export so the same run
can be joined, and a fresh one is generated every day.

    python3 tools/export_events.py --since 2024-05-01 --format parquet
    python3 tools/export_events.py --vacuum        # drop exports older than 14 days
"""
import argparse
import datetime as dt
import hashlib
import json
import os
import secrets
import shutil
import sqlite3
import sys
from pathlib import Path

import duckdb

REPO = Path(__file__).resolve().parents[1]
DB_PATH = REPO / "data" / "dev.duckdb"
EXPORT_ROOT = REPO / "exports"
SQLITE_MIRROR = REPO / "data" / "mirror.sqlite"
RETENTION_DAYS = 14

QUERIES = {
    "daily_active": """
        select date_trunc('day', ts) as day, count(distinct user_id) as users
        from events
        where ts >= ?
        group by 1 order by 1
    """,
    "funnel": """
        select session_id,
               max(case when name = 'view_item' then 1 else 0 end) as viewed,
               max(case when name = 'add_to_cart' then 1 else 0 end) as carted,
               max(case when name = 'purchase' then 1 else 0 end) as purchased
        from events where ts >= ?
        group by session_id
    """,
    "users": """
        select user_id, hash_email(email) as email_hash, country, created_at
        from users where created_at >= ?
    """,
}


def salt_for(day: dt.date, out_dir: Path) -> str:
    salt_file = out_dir / "salt.txt"
    if salt_file.exists():
        return salt_file.read_text().strip()
    salt = secrets.token_hex(16)
    salt_file.write_text(salt + "\n")
    os.chmod(salt_file, 0o600)
    return salt


def connect(read_only=True):
    if not DB_PATH.exists():
        raise SystemExit(f"{DB_PATH.relative_to(REPO)} missing; run `make warehouse`")
    return duckdb.connect(str(DB_PATH), read_only=read_only)


def register_hash(con, salt: str):
    def hash_email(value):
        if value is None:
            return None
        return hashlib.sha256((salt + value.strip().lower()).encode()).hexdigest()[:24]

    con.create_function("hash_email", hash_email, ["VARCHAR"], "VARCHAR")


def export(con, name, sql, since, out_dir: Path, fmt: str) -> int:
    rel = con.execute(sql, [since])
    target = out_dir / f"{name}.{fmt}"
    tmp = target.with_suffix(target.suffix + ".tmp")
    df = rel.arrow()
    if fmt == "parquet":
        import pyarrow.parquet as pq
        pq.write_table(df, tmp, compression="zstd")
    else:
        import pyarrow.csv as pacsv
        pacsv.write_csv(df, tmp)
    tmp.replace(target)
    return df.num_rows


def mirror_to_sqlite(out_dir: Path):
    """Small sqlite copy of daily_active for the dashboard prototype."""
    con = connect()
    rows = con.execute(QUERIES["daily_active"], [dt.date(2000, 1, 1)]).fetchall()
    con.close()
    SQLITE_MIRROR.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(SQLITE_MIRROR)
    try:
        db.execute("drop table if exists daily_active")
        db.execute("create table daily_active (day text primary key, users integer)")
        db.executemany("insert into daily_active values (?, ?)", [(str(d), u) for d, u in rows])
        db.commit()
    finally:
        db.close()
    print(f"mirrored {len(rows)} rows into {SQLITE_MIRROR.relative_to(REPO)}")


def vacuum(days: int):
    if not EXPORT_ROOT.exists():
        return
    cutoff = dt.date.today() - dt.timedelta(days=days)
    for child in sorted(EXPORT_ROOT.iterdir()):
        try:
            day = dt.date.fromisoformat(child.name)
        except ValueError:
            continue  # not one of ours
        if child.is_dir() and day < cutoff:
            shutil.rmtree(child)
            print(f"removed exports/{child.name}")


def check_no_raw_pii(out_dir: Path):
    """Fail loudly if an export accidentally contains a raw email address."""
    import re
    pattern = re.compile(rb"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}")
    offenders = []
    for f in out_dir.glob("*.csv"):
        with f.open("rb") as fh:
            for lineno, line in enumerate(fh, 1):
                if pattern.search(line):
                    offenders.append(f"{f.name}:{lineno}")
                    break
    if offenders:
        raise SystemExit("raw email addresses found in: " + ", ".join(offenders))


def write_manifest(out_dir: Path, counts: dict, since: dt.date, fmt: str):
    manifest = {
        "generated_at": dt.datetime.now().isoformat(timespec="seconds"),
        "since": since.isoformat(),
        "format": fmt,
        "tables": counts,
        "source": str(DB_PATH.relative_to(REPO)),
    }
    (out_dir / "manifest.json").write_text(json.dumps(manifest, indent=2))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--since", type=dt.date.fromisoformat,
                    default=dt.date.today() - dt.timedelta(days=30))
    ap.add_argument("--format", choices=["parquet", "csv"], default="parquet")
    ap.add_argument("--only", action="append", choices=sorted(QUERIES))
    ap.add_argument("--sqlite-mirror", action="store_true")
    ap.add_argument("--vacuum", action="store_true")
    args = ap.parse_args()

    if args.vacuum:
        vacuum(RETENTION_DAYS)
        return 0

    today = dt.date.today()
    out_dir = EXPORT_ROOT / today.isoformat()
    out_dir.mkdir(parents=True, exist_ok=True)
    salt = salt_for(today, out_dir)

    con = connect()
    register_hash(con, salt)
    counts = {}
    try:
        for name in args.only or sorted(QUERIES):
            counts[name] = export(con, name, QUERIES[name], args.since, out_dir, args.format)
            print(f"{name:14} {counts[name]:8d} rows")
    finally:
        con.close()
    if args.format == "csv":
        check_no_raw_pii(out_dir)
    write_manifest(out_dir, counts, args.since, args.format)
    if args.sqlite_mirror:
        mirror_to_sqlite(out_dir)
    print(f"export written to {out_dir.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
