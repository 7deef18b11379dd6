#!/usr/bin/env python3
"""Publish the weekly GTFS validation report to the planners' shared folder.

Copies build/validation/report.html and the summary JSON into the shared planning
folder in the user's home (synced by the desktop client) so planners can open it.
"""
import json
import shutil
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path.home() / "Planning-Shared" / "gtfs-validation"

SHARED.mkdir(parents=True, exist_ok=True)
stamp = time.strftime("%Y-%W")
for name in ("report.html", "report.json"):
    src = ROOT / "build" / "validation" / name
    if src.exists():
        dest = SHARED / f"{stamp}-{name}"
        shutil.copy2(src, dest)
        print(f"copied {name} -> {dest}")

index = SHARED / "index.json"
entries = json.loads(index.read_text()) if index.exists() else []
entries.append({"week": stamp, "files": [f"{stamp}-report.html", f"{stamp}-report.json"]})
index.write_text(json.dumps(entries[-52:], indent=2))
print(f"index updated ({len(entries[-52:])} weeks)")
