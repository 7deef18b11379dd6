#!/usr/bin/env python3
"""Merge duplicate tags in the local notes database (var/notes.db).

Tags differing only by case or surrounding whitespace ("Urgent", "urgent ")
are folded into one canonical tag; note_tags links are re-pointed and the
orphaned tag rows deleted. Everything happens in one transaction.
"""
from __future__ import annotations

import argparse
import sqlite3
import sys
from collections import defaultdict
from contextlib import closing
from pathlib import Path
from typing import Iterator

REPO = Path(__file__).resolve().parents[1]
NOTES_DB = REPO / "var" / "notes.db"
BATCH = 500


def canonical(name: str) -> str:
    return " ".join(name.split()).lower()


def iter_tags(conn: sqlite3.Connection) -> Iterator[tuple[int, str]]:
    cur = conn.execute("SELECT id, name FROM tags ORDER BY id")
    while True:
        rows = cur.fetchmany(BATCH)
        if not rows:
            return
        yield from rows


def plan_merges(conn: sqlite3.Connection) -> dict[int, list[int]]:
    groups: dict[str, list[int]] = defaultdict(list)
    for tag_id, name in iter_tags(conn):
        groups[canonical(name)].append(tag_id)
    return {ids[0]: ids[1:] for ids in groups.values() if len(ids) > 1}


class TagMerger:
    def __init__(self, conn: sqlite3.Connection, verbose: bool = False):
        self.conn = conn
        self.verbose = verbose
        self.relinked = 0
        self.deleted = 0

    def merge(self, keep: int, drop: list[int]) -> None:
        marks = ",".join("?" * len(drop))
        # avoid duplicate (note_id, tag_id) pairs after re-pointing
        self.conn.execute(
            f"DELETE FROM note_tags WHERE tag_id IN ({marks}) AND note_id IN "
            f"(SELECT note_id FROM note_tags WHERE tag_id = ?)",
            (*drop, keep),
        )
        cur = self.conn.execute(f"UPDATE note_tags SET tag_id = ? WHERE tag_id IN ({marks})", (keep, *drop))
        self.relinked += cur.rowcount
        cur = self.conn.execute(f"DELETE FROM tags WHERE id IN ({marks})", drop)
        self.deleted += cur.rowcount
        if self.verbose:
            print(f"  kept tag {keep}, folded {drop}")

    def normalise_names(self) -> None:
        for tag_id, name in list(iter_tags(self.conn)):
            clean = canonical(name)
            if clean != name:
                self.conn.execute("UPDATE tags SET name = ? WHERE id = ?", (clean, tag_id))


def main() -> int:
    ap = argparse.ArgumentParser(description="fold duplicate tags in the notes db")
    ap.add_argument("--db", type=Path, default=NOTES_DB)
    ap.add_argument("--apply", action="store_true", help="write changes (default: dry run)")
    ap.add_argument("-v", "--verbose", action="store_true")
    opts = ap.parse_args()
    if not opts.db.is_file():
        print(f"no database at {opts.db}", file=sys.stderr)
        return 2
    with closing(sqlite3.connect(opts.db)) as conn:
        conn.execute("PRAGMA foreign_keys = ON")
        merges = plan_merges(conn)
        print(f"{len(merges)} duplicate group(s) found")
        if not merges:
            return 0
        merger = TagMerger(conn, opts.verbose)
        try:
            with conn:
                for keep, drop in merges.items():
                    merger.merge(keep, drop)
                merger.normalise_names()
                if not opts.apply:
                    raise KeyboardInterrupt  # roll back the dry run
        except KeyboardInterrupt:
            print("dry run: rolled back")
        print(f"re-linked {merger.relinked} note(s), removed {merger.deleted} tag row(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
