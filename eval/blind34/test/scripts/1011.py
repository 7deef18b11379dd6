#!/usr/bin/env python3
"""Quality-control pass over the WeeWX archive: spikes, flat-lines, gaps.

The live archive is never written.  The script reads data/weewx.sdb (the
nightly copy in this repo) read-only, detects suspicious records with
simple rules, and writes:

  build/qc/flags.csv          one row per flagged record and rule
  build/qc/corrected.sdb      only with --apply: a *copy* of the archive in
                              which flagged values are set to NULL

`--apply` copies the database with sqlite's backup API into build/qc/ first
and edits that copy, so the original stays untouched.
"""
from __future__ import annotations

import argparse
import csv
import sqlite3
import statistics
import sys
from collections import deque
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
SOURCE = REPO_ROOT / "data" / "weewx.sdb"
QC_DIR = REPO_ROOT / "build" / "qc"

# (column, max step between consecutive records, physically possible range)
RULES = {
    "outTemp": (8.0, (-40.0, 130.0)),
    "outHumidity": (25.0, (0.0, 100.0)),
    "barometer": (0.15, (27.0, 32.0)),
    "windSpeed": (40.0, (0.0, 150.0)),
}
FLATLINE_RECORDS = 36  # three hours at a 5-minute interval


@dataclass
class Flag:
    ts: int
    column: str
    value: float | None
    rule: str


def connect_ro(path: Path) -> sqlite3.Connection:
    if not path.exists():
        sys.exit(f"{path.relative_to(REPO_ROOT)} not found; run `make fetch-archive`")
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)


def series(conn: sqlite3.Connection, column: str, since: int):
    query = f"SELECT dateTime, {column} FROM archive WHERE dateTime >= ? ORDER BY dateTime"
    yield from conn.execute(query, (since,))


def check_column(conn: sqlite3.Connection, column: str, since: int) -> list[Flag]:
    max_step, (low, high) = RULES[column]
    flags: list[Flag] = []
    prev: float | None = None
    window: deque[float] = deque(maxlen=FLATLINE_RECORDS)
    for ts, value in series(conn, column, since):
        if value is None:
            prev = None
            window.clear()
            continue
        if not low <= value <= high:
            flags.append(Flag(ts, column, value, "range"))
        if prev is not None and abs(value - prev) > max_step:
            flags.append(Flag(ts, column, value, "spike"))
        window.append(value)
        if len(window) == FLATLINE_RECORDS and statistics.pstdev(window) == 0 and column != "windSpeed":
            flags.append(Flag(ts, column, value, "flatline"))
            window.clear()
        prev = value
    return flags


def gaps(conn: sqlite3.Connection, since: int) -> list[Flag]:
    out = []
    rows = conn.execute("SELECT dateTime, interval FROM archive WHERE dateTime >= ? ORDER BY dateTime", (since,))
    last = None
    for ts, interval in rows:
        if last is not None and ts - last > 3 * 60 * (interval or 5):
            out.append(Flag(ts, "dateTime", (ts - last) / 60, "gap-minutes"))
        last = ts
    return out


def write_flags(flags: list[Flag]) -> Path:
    QC_DIR.mkdir(parents=True, exist_ok=True)
    target = QC_DIR / "flags.csv"
    with target.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["dateTime", "column", "value", "rule"])
        for f in sorted(flags, key=lambda f: (f.ts, f.column)):
            w.writerow([f.ts, f.column, f.value, f.rule])
    return target


def corrected_copy(flags: list[Flag]) -> Path:
    """Backup-API copy into build/qc/, then NULL flagged values in the copy."""
    QC_DIR.mkdir(parents=True, exist_ok=True)
    target = QC_DIR / "corrected.sdb"
    if target.exists():
        target.unlink()
    src = connect_ro(SOURCE)
    dst = sqlite3.connect(target)
    with dst:
        src.backup(dst)
    src.close()
    fixable = [f for f in flags if f.column in RULES and f.rule in ("range", "spike")]
    with dst:
        for f in fixable:
            dst.execute(f"UPDATE archive SET {f.column} = NULL WHERE dateTime = ?", (f.ts,))
    dst.close()
    return target


def cross_check_dewpoint(conn: sqlite3.Connection, since: int) -> list[Flag]:
    """Dew point above air temperature means one of the two sensors is wrong."""
    rows = conn.execute(
        "SELECT dateTime, outTemp, dewpoint FROM archive "
        "WHERE dateTime >= ? AND outTemp IS NOT NULL AND dewpoint IS NOT NULL",
        (since,),
    )
    return [Flag(ts, "dewpoint", dew, "dew>temp") for ts, temp, dew in rows if dew - temp > 0.5]


def rain_without_humidity(conn: sqlite3.Connection, since: int) -> list[Flag]:
    """Rain recorded while humidity is low is usually a bird on the gauge."""
    rows = conn.execute(
        "SELECT dateTime, rain, outHumidity FROM archive "
        "WHERE dateTime >= ? AND rain > 0.05 AND outHumidity < 45",
        (since,),
    )
    return [Flag(ts, "rain", rain, f"rain@{hum:.0f}%RH") for ts, rain, hum in rows]


def summarise(flags: list[Flag]) -> str:
    counts: dict[tuple[str, str], int] = {}
    for f in flags:
        counts[(f.column, f.rule)] = counts.get((f.column, f.rule), 0) + 1
    lines = [f"{col:12} {rule:12} {n:6}" for (col, rule), n in sorted(counts.items())]
    return "\n".join(lines) or "no flags"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--days", type=int, default=30, help="look back this many days")
    ap.add_argument("--apply", action="store_true", help="write build/qc/corrected.sdb")
    ap.add_argument("--column", action="append", choices=sorted(RULES))
    ns = ap.parse_args()

    conn = connect_ro(SOURCE)
    newest = conn.execute("SELECT MAX(dateTime) FROM archive").fetchone()[0]
    if newest is None:
        sys.exit("archive is empty")
    since = newest - ns.days * 86400
    flags: list[Flag] = []
    for column in ns.column or RULES:
        flags += check_column(conn, column, since)
    flags += gaps(conn, since)
    flags += cross_check_dewpoint(conn, since)
    flags += rain_without_humidity(conn, since)
    conn.close()

    path = write_flags(flags)
    print(summarise(flags))
    print(f"\n{len(flags)} flag(s) -> {path.relative_to(REPO_ROOT)}")
    if ns.apply:
        copy = corrected_copy(flags)
        print(f"corrected copy: {copy.relative_to(REPO_ROOT)} (original untouched)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
