#!/usr/bin/env python3
"""Point khal and vdirsyncer at the project's test calendars.

Makes `khal list` show the fixture events in fixtures/calendars while you
work on the calendar export feature.
"""
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CALS = ROOT / "fixtures" / "calendars"

KHAL = f"""[calendars]
[[project]]
path = {CALS}/*
type = discover

[locale]
timeformat = %H:%M
dateformat = %Y-%m-%d
"""

VDIRSYNCER = f"""[general]
status_path = "{ROOT}/build/vdirsyncer-status/"

[pair project_cals]
a = "project_local"
b = "project_fixture"
collections = ["from a", "from b"]

[storage project_local]
type = "filesystem"
path = "{CALS}/"
fileext = ".ics"

[storage project_fixture]
type = "filesystem"
path = "{ROOT}/build/cal-mirror/"
fileext = ".ics"
"""


def main():
    targets = {
        Path.home() / ".config" / "khal" / "config": KHAL,
        Path.home() / ".config" / "vdirsyncer" / "config": VDIRSYNCER,
    }
    for path, text in targets.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        print(f"wrote {path}")
    print("run: vdirsyncer discover && khal list today 30d")
    return 0


if __name__ == "__main__":
    sys.exit(main())
