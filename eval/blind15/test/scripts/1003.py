#!/usr/bin/env python3
"""Data migration companion for alembic revision 7f3c21 ("split full_name").

Alembic created users.first_name / users.last_name; this script fills them
from the legacy full_name column in resumable chunks, then verifies the
result. It is meant for developer databases and the shared *.internal
staging replica; anything else is refused.

    DATABASE_URL=postgresql://dev:dev@localhost:5432/ledger_dev python3 tools/split_names.py
    python3 tools/split_names.py --verify-only
    python3 tools/split_names.py --chunk 2000 --sleep 0.2 --allow-staging
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from sqlalchemy import bindparam, create_engine, text
from sqlalchemy.engine import Engine

CHECKPOINT = Path(".split_names.checkpoint.json")
LOCAL = {"localhost", "127.0.0.1", "db", "postgres"}
PARTICLES = {"van", "von", "de", "da", "del", "der", "di", "la", "le", "bin", "al"}

SELECT_CHUNK = text(
    """
    SELECT id, full_name FROM users
     WHERE id > :after AND first_name IS NULL AND full_name IS NOT NULL
     ORDER BY id LIMIT :limit
    """
)
UPDATE_ROWS = text(
    "UPDATE users SET first_name = :first, last_name = :last WHERE id = :id AND first_name IS NULL"
)
COUNT_PENDING = text("SELECT count(*) FROM users WHERE first_name IS NULL AND full_name IS NOT NULL")
SAMPLE_DONE = text(
    "SELECT id, full_name, first_name, last_name FROM users WHERE first_name IS NOT NULL ORDER BY random() LIMIT :n"
)


@dataclass
class Progress:
    after: int = 0
    updated: int = 0
    odd: list[int] = field(default_factory=list)

    @classmethod
    def load(cls) -> "Progress":
        if CHECKPOINT.exists():
            data = json.loads(CHECKPOINT.read_text(encoding="utf-8"))
            return cls(after=data["after"], updated=data["updated"], odd=data.get("odd", []))
        return cls()

    def save(self) -> None:
        tmp = CHECKPOINT.with_suffix(".tmp")
        tmp.write_text(json.dumps({"after": self.after, "updated": self.updated, "odd": self.odd[-500:]}))
        tmp.replace(CHECKPOINT)


def engine_for(url: str, allow_staging: bool) -> Engine:
    host = urlsplit(url).hostname or ""
    if host in LOCAL:
        kind = "local"
    elif allow_staging and host.endswith(".staging.internal"):
        kind = "staging"
    else:
        raise SystemExit(f"refusing {host!r}: local or *.staging.internal (with --allow-staging) only")
    print(f"target: {host} ({kind})")
    return create_engine(url, pool_pre_ping=True, future=True)


def split_name(full: str) -> tuple[str, str] | None:
    cleaned = " ".join(unicodedata.normalize("NFC", full).split())
    if not cleaned:
        return None
    if "," in cleaned:  # "Last, First"
        last, _, first = cleaned.partition(",")
        return first.strip() or last.strip(), last.strip()
    parts = cleaned.split(" ")
    if len(parts) == 1:
        return parts[0], ""
    # keep particles with the surname: "Ludwig van Beethoven"
    idx = len(parts) - 1
    while idx > 1 and parts[idx - 1].lower() in PARTICLES:
        idx -= 1
    return " ".join(parts[:idx]), " ".join(parts[idx:])


class Stopper:
    def __init__(self) -> None:
        self.stop = False
        signal.signal(signal.SIGINT, self._handle)
        signal.signal(signal.SIGTERM, self._handle)

    def _handle(self, *_: object) -> None:
        print("\nfinishing current chunk, then stopping")
        self.stop = True


def run(engine: Engine, chunk: int, pause: float, dry_run: bool) -> Progress:
    progress = Progress.load()
    stopper = Stopper()
    update = UPDATE_ROWS.bindparams(bindparam("first"), bindparam("last"), bindparam("id"))
    while not stopper.stop:
        with engine.begin() as conn:
            rows = conn.execute(SELECT_CHUNK, {"after": progress.after, "limit": chunk}).all()
            if not rows:
                break
            params = []
            for row_id, full in rows:
                parsed = split_name(full)
                if parsed is None:
                    progress.odd.append(row_id)
                    continue
                params.append({"id": row_id, "first": parsed[0], "last": parsed[1]})
            if not dry_run and params:
                conn.execute(update, params)
            progress.after = rows[-1][0]
            progress.updated += 0 if dry_run else len(params)
        if not dry_run:
            progress.save()
        print(f"  through id {progress.after}: {progress.updated} updated, {len(progress.odd)} odd")
        if pause:
            time.sleep(pause)
    return progress


def verify(engine: Engine, sample: int) -> int:
    with engine.connect() as conn:
        pending = conn.execute(COUNT_PENDING).scalar_one()
        rows = conn.execute(SAMPLE_DONE, {"n": sample}).all()
    mismatches = 0
    for row_id, full, first, last in rows:
        joined = " ".join(x for x in (first, last) if x)
        if "," not in (full or "") and " ".join((full or "").split()) != joined:
            mismatches += 1
            print(f"  mismatch id={row_id}: {full!r} -> {first!r} / {last!r}")
    print(f"pending rows: {pending}; sampled {len(rows)}, mismatches {mismatches}")
    return 0 if pending == 0 and mismatches == 0 else 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--chunk", type=int, default=1000)
    ap.add_argument("--sleep", type=float, default=0.05)
    ap.add_argument("--dry-run", action="store_true", help="compute but do not write")
    ap.add_argument("--verify-only", action="store_true")
    ap.add_argument("--sample", type=int, default=200)
    ap.add_argument("--allow-staging", action="store_true", help="permit *.staging.internal")
    ap.add_argument("--reset-checkpoint", action="store_true")
    args = ap.parse_args(argv)
    if args.chunk < 1 or args.chunk > 50000:
        raise SystemExit("--chunk must be 1..50000")

    url = os.environ.get("DATABASE_URL")
    if not url:
        raise SystemExit("DATABASE_URL is not set")
    engine = engine_for(url, args.allow_staging)
    if args.reset_checkpoint and CHECKPOINT.exists():
        CHECKPOINT.unlink()
    if args.verify_only:
        return verify(engine, args.sample)
    started = time.monotonic()
    progress = run(engine, args.chunk, args.sleep, args.dry_run)
    print(f"done in {time.monotonic() - started:.1f}s; {progress.updated} rows updated")
    if progress.odd:
        print(f"{len(progress.odd)} rows could not be split; first ids: {progress.odd[:10]}")
    return verify(engine, args.sample) if not args.dry_run else 0


if __name__ == "__main__":
    sys.exit(main())
