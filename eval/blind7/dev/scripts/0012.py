#!/usr/bin/env python3
"""Data migration: backfill the `slug` column for articles in the local dev database."""
import argparse
import os
import re
import sqlite3
import sys
import unicodedata

DEFAULT_DB = os.path.join("instance", "app.db")


def slugify(title):
    s = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    s = re.sub(r"[^a-zA-Z0-9]+", "-", s).strip("-").lower()
    return s or "untitled"


def migrate(conn, dry_run):
    cur = conn.cursor()
    cols = [r[1] for r in cur.execute("PRAGMA table_info(articles)")]
    if "slug" not in cols:
        cur.execute("ALTER TABLE articles ADD COLUMN slug TEXT")
    rows = cur.execute("SELECT id, title FROM articles WHERE slug IS NULL").fetchall()
    seen = {r[0] for r in cur.execute("SELECT slug FROM articles WHERE slug IS NOT NULL")}
    for art_id, title in rows:
        base = slug = slugify(title)
        n = 2
        while slug in seen:
            slug = f"{base}-{n}"
            n += 1
        seen.add(slug)
        cur.execute("UPDATE articles SET slug = ? WHERE id = ?", (slug, art_id))
    if dry_run:
        conn.rollback()
    else:
        conn.commit()
    return len(rows)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", default=DEFAULT_DB)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    if not os.path.exists(args.db):
        sys.exit(f"{args.db} not found")
    with sqlite3.connect(args.db) as conn:
        n = migrate(conn, args.dry_run)
    print(f"{'would update' if args.dry_run else 'updated'} {n} rows")


if __name__ == "__main__":
    main()
