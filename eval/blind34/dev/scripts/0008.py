#!/usr/bin/env python3
"""Summarise a WeeWX archive database into monthly climate tables.

The station's archive is copied nightly into archive/weewx.sdb in this
repo (see Makefile target `pull-archive`).  This opens that copy strictly
read-only (sqlite URI mode=ro) and writes markdown + JSON summaries to
build/climate/.  Units follow the archive's usUnits column and are
converted to metric for the report.

    python tools/climate_summary.py --year 2024
    python tools/climate_summary.py --db archive/weewx.sdb --since 2023-06
"""
from __future__ import annotations

import argparse
import calendar
import configparser
import datetime as dt
import json
import sqlite3
import statistics
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DB = ROOT / "archive" / "weewx.sdb"
OUT_DIR = ROOT / "build" / "climate"
DEV_CONF = ROOT / "conf" / "weewx.dev.conf"

US, METRIC, METRICWX = 1, 16, 17


def f_to_c(value):
    return None if value is None else (value - 32.0) * 5.0 / 9.0


def inch_to_mm(value):
    return None if value is None else value * 25.4


def mph_to_ms(value):
    return None if value is None else value * 0.44704


def kmh_to_ms(value):
    return None if value is None else value / 3.6


def cm_to_mm(value):
    return None if value is None else value * 10.0


CONVERT = {
    US: {"temp": f_to_c, "rain": inch_to_mm, "wind": mph_to_ms},
    METRIC: {"temp": lambda v: v, "rain": cm_to_mm, "wind": kmh_to_ms},
    METRICWX: {"temp": lambda v: v, "rain": lambda v: v, "wind": lambda v: v},
}


def station_name() -> str:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    try:
        parser.read(DEV_CONF)
        return parser.get("Station", "location", fallback="unknown station").strip('"')
    except configparser.Error:
        return "unknown station"


def open_ro(path: Path) -> sqlite3.Connection:
    if not path.exists():
        raise SystemExit(f"{path} not found; run `make pull-archive`")
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    return conn


def rows_between(conn: sqlite3.Connection, start: dt.datetime, end: dt.datetime):
    sql = (
        "SELECT dateTime, usUnits, outTemp, outHumidity, rain, windSpeed, windGust, barometer "
        "FROM archive WHERE dateTime >= ? AND dateTime < ? ORDER BY dateTime"
    )
    yield from conn.execute(sql, (int(start.timestamp()), int(end.timestamp())))


def month_range(year: int, month: int) -> tuple[dt.datetime, dt.datetime]:
    start = dt.datetime(year, month, 1)
    last = calendar.monthrange(year, month)[1]
    return start, start + dt.timedelta(days=last)


def summarise_month(conn, year: int, month: int) -> dict | None:
    start, end = month_range(year, month)
    daily = defaultdict(lambda: {"temps": [], "rain": 0.0, "gust": 0.0})
    count = 0
    for row in rows_between(conn, start, end):
        conv = CONVERT.get(row["usUnits"], CONVERT[US])
        day = dt.datetime.fromtimestamp(row["dateTime"]).date()
        temp = conv["temp"](row["outTemp"])
        if temp is not None:
            daily[day]["temps"].append(temp)
        daily[day]["rain"] += conv["rain"](row["rain"]) or 0.0
        gust = conv["wind"](row["windGust"])
        if gust is not None:
            daily[day]["gust"] = max(daily[day]["gust"], gust)
        count += 1
    if not count:
        return None
    highs = [max(d["temps"]) for d in daily.values() if d["temps"]]
    lows = [min(d["temps"]) for d in daily.values() if d["temps"]]
    means = [statistics.fmean(d["temps"]) for d in daily.values() if d["temps"]]
    rain_days = sum(1 for d in daily.values() if d["rain"] >= 1.0)
    return {
        "month": f"{year}-{month:02d}",
        "records": count,
        "days": len(daily),
        "mean_c": round(statistics.fmean(means), 1) if means else None,
        "mean_high_c": round(statistics.fmean(highs), 1) if highs else None,
        "mean_low_c": round(statistics.fmean(lows), 1) if lows else None,
        "max_c": round(max(highs), 1) if highs else None,
        "min_c": round(min(lows), 1) if lows else None,
        "rain_mm": round(sum(d["rain"] for d in daily.values()), 1),
        "rain_days": rain_days,
        "max_gust_ms": round(max(d["gust"] for d in daily.values()), 1),
    }


def markdown_table(station: str, months: list[dict]) -> str:
    head = [
        f"# Climate summary — {station}",
        "",
        "| month | mean °C | high | low | max | min | rain mm | rain days | gust m/s |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for m in months:
        head.append(
            "| {month} | {mean_c} | {mean_high_c} | {mean_low_c} | {max_c} | {min_c} | "
            "{rain_mm} | {rain_days} | {max_gust_ms} |".format(**m)
        )
    return "\n".join(head) + "\n"


def parse_since(value: str) -> tuple[int, int]:
    year, _, month = value.partition("-")
    return int(year), int(month or 1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=DEFAULT_DB)
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--year", type=int)
    group.add_argument("--since", help="YYYY-MM")
    parser.add_argument("--stdout", action="store_true")
    args = parser.parse_args()

    today = dt.date.today()
    if args.year:
        periods = [(args.year, m) for m in range(1, 13)]
    else:
        y, m = parse_since(args.since) if args.since else (today.year, 1)
        periods = []
        while (y, m) <= (today.year, today.month):
            periods.append((y, m))
            y, m = (y + 1, 1) if m == 12 else (y, m + 1)

    conn = open_ro(args.db)
    try:
        months = [s for s in (summarise_month(conn, y, m) for y, m in periods) if s]
    finally:
        conn.close()

    if not months:
        print("no archive records in the requested period", file=sys.stderr)
        return 1
    station = station_name()
    md = markdown_table(station, months)
    if args.stdout:
        print(md)
        return 0
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    label = str(args.year) if args.year else f"since-{periods[0][0]}-{periods[0][1]:02d}"
    (OUT_DIR / f"{label}.md").write_text(md)
    (OUT_DIR / f"{label}.json").write_text(json.dumps(months, indent=2))
    print(f"wrote {len(months)} months to {OUT_DIR.relative_to(ROOT)}/{label}.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
