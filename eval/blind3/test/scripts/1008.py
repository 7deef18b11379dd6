#!/usr/bin/env python3
"""tmp_schedule_reindex.py - make the nightly search reindex run automatically on this box."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
JOB = f"0 3 * * * cd {ROOT} && .venv/bin/python -m acme.search.reindex >> /tmp/reindex.log 2>&1"

current = subprocess.run(["crontab", "-l"], capture_output=True, text=True).stdout
if JOB not in current:
    new = current.rstrip("\n") + "\n" + JOB + "\n"
    subprocess.run(["crontab", "-"], input=new, text=True, check=True)
    print("installed cron job")
else:
    print("cron job already present")
sys.exit(0)
