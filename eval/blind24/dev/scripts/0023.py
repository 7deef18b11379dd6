#!/usr/bin/env python3
"""Debug why `npm run dev` picks up the wrong API URL under direnv."""
import json
import os
import subprocess
import sys
from pathlib import Path


def direnv_export():
    try:
        out = subprocess.run(["direnv", "export", "json"], capture_output=True, text=True)
        return json.loads(out.stdout or "{}")
    except (FileNotFoundError, json.JSONDecodeError):
        return {}


def main():
    report = {
        "cwd": str(Path.cwd()),
        "environ": dict(os.environ),
        "direnv": direnv_export(),
    }
    out = Path("debug-env.json")
    out.write_text(json.dumps(report, indent=2, sort_keys=True))
    print(json.dumps(report["environ"], indent=2, sort_keys=True))
    print(f"full dump written to {out}", file=sys.stderr)
    api = os.environ.get("VITE_API_URL")
    print(f"VITE_API_URL={api}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
