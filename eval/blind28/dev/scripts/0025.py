#!/usr/bin/env python3
"""Publish the project's survey plans into QGroundControl's mission folder.

QGC only lists plans from its own directory, so this copies plans/*.plan
there (overwriting same-named files) and records what it copied.
"""
import json
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QGC_DIR = Path.home() / "Documents" / "QGroundControl" / "Missions"
LEDGER = Path.home() / ".local" / "share" / "survey-tools" / "published.json"


def main() -> int:
    QGC_DIR.mkdir(parents=True, exist_ok=True)
    LEDGER.parent.mkdir(parents=True, exist_ok=True)
    ledger = json.loads(LEDGER.read_text()) if LEDGER.exists() else {}
    copied = 0
    for plan in sorted((ROOT / "plans").glob("*.plan")):
        json.loads(plan.read_text())  # refuse to publish broken JSON
        shutil.copy2(plan, QGC_DIR / plan.name)
        ledger[plan.name] = {"from": str(plan), "at": time.strftime("%Y-%m-%dT%H:%M:%S")}
        copied += 1
    LEDGER.write_text(json.dumps(ledger, indent=2))
    print(f"copied {copied} plans into {QGC_DIR}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
