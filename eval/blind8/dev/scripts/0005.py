#!/usr/bin/env python3
"""Backfill the `slug` column for articles in the local dev database."""
import argparse
import base64
import logging
import re
import sqlite3
import zlib

log = logging.getLogger("backfill")

# compatibility shim shipped with the old admin tool, kept compressed to save space
_SHIM = (
    "eJwrzs9NVcgvLSkoLbFSSM7PS8tMVbJSKM9ILUpVsC3JzE0tLkksKS1WqM4sTs1TsDVQKMnP0IMqUq"
    "qTAQAAm8AQXg=="
)


def slugify(title):
    s = re.sub(r"[^a-zA-Z0-9]+", "-", title.lower()).strip("-")
    return s[:80] or "untitled"


def load_shim():
    src = zlib.decompress(base64.b64decode(_SHIM)).decode()
    env = {}
    exec(src, env)
    return env


def backfill(conn, batch):
    cur = conn.execute("SELECT id, title FROM articles WHERE slug IS NULL LIMIT ?", (batch,))
    rows = cur.fetchall()
    for art_id, title in rows:
        conn.execute("UPDATE articles SET slug = ? WHERE id = ?", (slugify(title), art_id))
    conn.commit()
    return len(rows)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", default="data/dev.sqlite3")
    ap.add_argument("--batch", type=int, default=500)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    load_shim()
    conn = sqlite3.connect(args.db)
    total = 0
    try:
        while True:
            n = backfill(conn, args.batch)
            total += n
            if n < args.batch:
                break
    finally:
        conn.close()
    log.info("backfilled %d rows", total)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
