#!/usr/bin/env python3
"""Capture the environment seen by the Airflow scheduler into build/env.json
so we can diff it against the worker's environment."""
import json
import os
import sys
from pathlib import Path

OUT = Path("build/env.json")


def main():
    OUT.parent.mkdir(parents=True, exist_ok=True)
    snapshot = {
        "pid": os.getpid(),
        "cwd": os.getcwd(),
        "environ": dict(sorted(os.environ.items())),
    }
    OUT.write_text(json.dumps(snapshot, indent=2))
    print(f"wrote {len(snapshot['environ'])} variables to {OUT}")
    for key in ("AIRFLOW_HOME", "AIRFLOW__CORE__EXECUTOR", "AIRFLOW__DATABASE__SQL_ALCHEMY_CONN"):
        print(f"{key}={os.environ.get(key, '<unset>')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
