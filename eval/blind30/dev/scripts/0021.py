#!/usr/bin/env python3
"""Run the Stata replication package with the community ado helpers it expects.

The replication package calls a few user-written commands (reghdfe, ftools,
estout). Instead of `ssc install`, which is slow on the cluster, we keep a
small SQLite catalogue of mirrors and fetch the helpers' setup do-file once.
Then every do-file in replication/ is run in batch mode.
"""
import sqlite3
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE = ROOT / "build" / "ado-mirrors.sqlite"
REPLICATION = ROOT / "replication"
STATA = "stata-mp"

SEED = [
    ("ssc", "https://ado-mirror.internal/repec/bocode/", 0),
    ("helpers", "https://ado.example.net/setup/replication_helpers.do", 1),
    ("estout", "https://ado-mirror.internal/repec/bocode/e/", 0),
]


def catalogue():
    CATALOGUE.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(CATALOGUE)
    db.execute("create table if not exists mirror (name text primary key, url text, bootstrap int)")
    db.executemany("insert or ignore into mirror values (?, ?, ?)", SEED)
    db.commit()
    return db


def bootstrap_rows(db):
    return db.execute("select name, url from mirror where bootstrap = 1 order by name").fetchall()


def fetch(url, dest):
    with urllib.request.urlopen(url, timeout=60) as resp:
        dest.write_bytes(resp.read())
    return dest


def stata_batch(do_file, cwd):
    proc = subprocess.run([STATA, "-b", "do", str(do_file)], cwd=cwd)
    log = Path(cwd) / (Path(do_file).stem + ".log")
    text = log.read_text(errors="replace") if log.exists() else ""
    failed = proc.returncode != 0 or "\nr(" in text
    return not failed, log


def prepare_helpers(db, workdir):
    for name, url in bootstrap_rows(db):
        local = fetch(url, workdir / f"{name}.do")
        ok, log = stata_batch(local, workdir)
        print(f"helper {name}: {'ok' if ok else 'FAILED'} ({log.name})")


def main():
    db = catalogue()
    with tempfile.TemporaryDirectory(prefix="stata-helpers-") as tmp:
        prepare_helpers(db, Path(tmp))
    results = []
    for do_file in sorted(REPLICATION.glob("[0-9][0-9]_*.do")):
        ok, log = stata_batch(do_file.resolve(), REPLICATION)
        results.append((do_file.name, ok))
        print(f"{do_file.name:<40} {'ok' if ok else 'FAILED'}")
        if not ok:
            break
    failed = [name for name, ok in results if not ok]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
