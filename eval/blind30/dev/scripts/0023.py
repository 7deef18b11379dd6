#!/usr/bin/env python3
"""Debug helper: why does the Zammad import job behave differently in cron?

Dumps the complete process environment, the Python path and the working
directory to reports/debug/env-<pid>.txt and to stdout so the two runs can be
diffed.
"""
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "reports" / "debug"


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    lines = [f"# {time.strftime('%Y-%m-%d %H:%M:%S')} pid={os.getpid()} cwd={os.getcwd()}"]
    lines.append(f"# python={sys.executable}")
    lines += [f"sys.path[{i}]={p}" for i, p in enumerate(sys.path)]
    for key in sorted(os.environ):
        lines.append(f"{key}={os.environ[key]}")
    text = "\n".join(lines) + "\n"
    path = OUT / f"env-{os.getpid()}.txt"
    path.write_text(text)
    sys.stdout.write(text)
    print(f"written to {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
