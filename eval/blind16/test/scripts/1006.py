#!/usr/bin/env python3
"""Snapshot the runtime context of a training job for reproducibility.

Writes runs/<run>/context.json with the git commit, package versions and the
process environment, then echoes it so it ends up in the job log too.
"""
import json
import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def git_commit():
    out = subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True, text=True)
    return out.stdout.strip()


def main():
    run = sys.argv[1] if len(sys.argv) > 1 else "adhoc"
    context = {
        "commit": git_commit(),
        "python": sys.version,
        "packages": {d.metadata["Name"]: d.version for d in metadata.distributions()},
        "environ": dict(os.environ),
    }
    out = REPO / "runs" / run / "context.json"
    os.makedirs(out.parent, exist_ok=True)
    out.write_text(json.dumps(context, indent=2, sort_keys=True))
    print(json.dumps(context["environ"], indent=2, sort_keys=True))
    print(f"context written to {out.relative_to(REPO)}")


if __name__ == "__main__":
    main()
